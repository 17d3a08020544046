// Preloaded into the soak's server (node --expose-gc --import): on SIGUSR2 a full garbage collection, then one line on
// stdout with the heap before and after it, so that the soak reads resident memory where only what is live remains.
// Nothing of the server changes: the test alone sends the signal, and only the soak preloads this file.
let collections = 0;
const mb = (bytes: number) => (bytes / 1048576).toFixed(1);

process.on('SIGUSR2', () => {
  collections++;
  if (typeof gc !== 'function') {
    process.stdout.write(`soak: collection ${collections}: no gc (the server was started without --expose-gc)\n`);
    return;
  }
  const before = process.memoryUsage();
  gc();
  const after = process.memoryUsage();
  process.stdout.write(`soak: collection ${collections}: heap used ${mb(before.heapUsed)} -> ${mb(after.heapUsed)} MB, `
    + `heap ${mb(before.heapTotal)} -> ${mb(after.heapTotal)} MB, external ${mb(before.external)} -> ${mb(after.external)} MB\n`);
});
