// swagger-ui-dist ships no types; this is the one file of it the server loads.
declare module 'swagger-ui-dist/absolute-path.js' {
  /** The package's folder on disk. */
  const getAbsoluteFSPath: () => string;
  export default getAbsoluteFSPath;
}
