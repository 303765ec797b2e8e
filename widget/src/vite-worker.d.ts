/** Vite's inline worker import (`?worker&inline`): the worker's code bundled in, started from a blob: URL. */
declare module '*?worker&inline' {
  const WorkerConstructor: new () => Worker;
  export default WorkerConstructor;
}
