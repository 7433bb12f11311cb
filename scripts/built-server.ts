// How a process of the built server or of its operator commands is started (`npm start`, the
// tests' servers and commands): Node on dist/node, stack traces read back to src/ by the maps.
import path from 'node:path'
import { distPaths } from '../src/shared/page-rendering'

export const builtServer = ['--enable-source-maps', path.join(distPaths.node, 'start.mjs')]
export const builtAdmin = ['--enable-source-maps', path.join(distPaths.node, 'admin.mjs')]
