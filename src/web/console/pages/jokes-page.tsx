import { useState } from 'react'
import { findProduct } from '../../../shared/catalogue'
import {
  type HostJokeView,
  type JokeState,
  jokeConsoleTexts,
  jokeStateWords,
  jokeTransitions,
} from '../../../shared/jokes'
import { asConsoleError, type ConsoleError } from '../console-calls'
import { useConsoleSession } from '../console-session'
import {
  ConsolePageHead,
  DataTable,
  ErrorNotice,
  StateTag,
  SuccessNotice,
  TimeText,
} from '../console-ui'
import { Loaded, useListParams } from '../list-controls'
import { useAction } from '../use-action'

const actionOf = {
  accepted: 'jokes.accept',
  performed: 'jokes.performed',
  declined: 'jokes.decline',
} as const

type Move = keyof typeof actionOf

/** The buttons a joke's state allows, in the order a host reads them. */
function movesOf(state: JokeState): Move[] {
  return jokeTransitions[state].filter((to): to is Move => to in actionOf)
}

/**
 * Members' custom jokes, the one waiting longest first: accept or decline each, then mark the
 * accepted ones performed once told on stage. "Done" lists those performed or declined.
 */
export function JokesPage() {
  const { run } = useConsoleSession()
  const { params, update } = useListParams()
  const done = params.get('show') === 'done'
  const states: JokeState[] = done ? ['performed', 'declined'] : ['waiting', 'accepted']
  const list = useAction('jokes.list', { states })
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState('')
  const [error, setError] = useState<ConsoleError>()

  const move = async (joke: HostJokeView, to: Move) => {
    setBusy(true)
    setNotice('')
    setError(undefined)
    try {
      await run(actionOf[to], { id: joke.id })
      setNotice(jokeConsoleTexts.moved(to))
    } catch (failure) {
      setError(asConsoleError(failure))
    } finally {
      setBusy(false)
      list.reload()
    }
  }

  return (
    <div className="console-page">
      <ConsolePageHead page="jokes" />
      <fieldset className="console-choice console-tabs">
        <legend className="label">Which jokes</legend>
        <label className="console-check">
          <input type="radio" name="show" checked={!done} onChange={() => update({ show: null })} />
          {jokeConsoleTexts.toDo}
        </label>
        <label className="console-check">
          <input
            type="radio"
            name="show"
            checked={done}
            onChange={() => update({ show: 'done' })}
          />
          {jokeConsoleTexts.done}
        </label>
      </fieldset>
      {notice && <SuccessNotice>{notice}</SuccessNotice>}
      {error && <ErrorNotice error={error} />}
      <Loaded state={list}>
        {(jokes) => (
          <DataTable
            caption={done ? 'Jokes performed or declined' : 'Jokes to read'}
            busy={list.loading}
            rows={jokes}
            rowKey={(joke) => joke.id}
            empty={done ? jokeConsoleTexts.emptyDone : jokeConsoleTexts.emptyToDo}
            columns={[
              {
                header: 'Joke',
                cell: (joke) => <p className="console-joke-text">{joke.text}</p>,
              },
              {
                header: 'Member',
                cell: (joke) => {
                  const tier = findProduct(joke.tier)?.name ?? joke.tier
                  return joke.displayName ? `${tier}: ${joke.displayName}` : tier
                },
              },
              { header: 'Sent', cell: (joke) => <TimeText iso={joke.sentAt} /> },
              {
                header: 'State',
                cell: (joke) => <StateTag state={joke.state} label={jokeStateWords[joke.state]} />,
              },
              ...(done
                ? []
                : [
                    {
                      header: 'Actions',
                      cell: (joke: HostJokeView) => (
                        <div className="cluster">
                          {movesOf(joke.state).map((to) => (
                            <button
                              key={to}
                              type="button"
                              className={`button button-small${to === 'declined' ? ' button-secondary' : ''}`}
                              onClick={() => move(joke, to)}
                              disabled={busy}
                            >
                              {jokeConsoleTexts.move[to]}
                              <span className="visually-hidden">: {joke.text.slice(0, 40)}</span>
                            </button>
                          ))}
                        </div>
                      ),
                    },
                  ]),
            ]}
          />
        )}
      </Loaded>
    </div>
  )
}
