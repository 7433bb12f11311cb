import fs from 'node:fs'
import { adminQuery } from '#test/databases'

/** Linux's clock ticks per second (`getconf CLK_TCK`), the unit of /proc/PID/stat's times. */
const ticksPerSecond = 100

/** CPU time a process has used, user and system, in ms; 0 once it is gone. */
function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond
  } catch {
    return 0
  }
}

async function backends(database: string): Promise<number[]> {
  const rows = await adminQuery<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1',
    [database],
  )
  return rows.map((row) => row.pid)
}

/**
 * The CPU a run costs the server process and, on PostgreSQL, the database's own processes
 * serving it: a figure a busy shared machine disturbs far less than requests a second. On the
 * embedded database the server's figure holds both.
 */
export async function cpuMeter(serverPid: number, databaseUrl?: string) {
  const database = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : undefined
  const before = new Map<number, number>()
  for (const pid of database ? await backends(database) : []) before.set(pid, cpuMs(pid))
  const server = cpuMs(serverPid)
  return {
    /** Per unit of work since the meter started, in µs: the server's and the database's. */
    async per(units: number): Promise<{ server: number; database: number }> {
      const serverUs = ((cpuMs(serverPid) - server) * 1000) / units
      let databaseMs = 0
      // Pooled connections opened during the run count whole.
      for (const pid of database ? await backends(database) : []) {
        databaseMs += cpuMs(pid) - (before.get(pid) ?? 0)
      }
      return { server: Math.round(serverUs), database: Math.round((databaseMs * 1000) / units) }
    },
  }
}

export function cpuNote(cpu: { server: number; database: number }): string {
  return `CPU per grant: server ${cpu.server} µs, database ${cpu.database} µs`
}
