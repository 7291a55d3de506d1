/**
 * What the operator reads when the server cannot listen: one line that names the port and the
 * way out, in place of Node's `Unhandled 'error' event` and a stack. Undefined for a failure
 * that is not about the port (thrown as it is).
 */
export function describeListenProblem(error: unknown, port: number): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') {
    return `Port ${port} is already in use (another \`npm start\`, or another program): stop it, or choose another port, e.g. PORT=8080 npm start`;
  }
  if (code === 'EACCES') {
    return `Port ${port} needs privileges this user has not got: choose a port above 1023, e.g. PORT=8080 npm start`;
  }
  if (code === 'EADDRNOTAVAIL') {
    return `HOST names no address of this machine to listen on for port ${port}: leave it unset, or set it to one of this machine's addresses`;
  }
  return undefined;
}
