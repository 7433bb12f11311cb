// A Kysely plugin that tells a test every query an app runs.
import { type KyselyPlugin, PostgresQueryCompiler } from 'kysely'

/**
 * A Kysely plugin that tells `onQuery` the SQL of every query run through the handle it is added
 * to (`db.withPlugin(...)`), in order, without its parameters: what a test reads to see which
 * tables were touched, and when.
 */
export function queryLog(onQuery: (sql: string) => void): KyselyPlugin {
  const compiler = new PostgresQueryCompiler()
  return {
    transformQuery({ node, queryId }) {
      onQuery(compiler.compileQuery(node, queryId).sql)
      return node
    },
    transformResult: async ({ result }) => result,
  }
}
