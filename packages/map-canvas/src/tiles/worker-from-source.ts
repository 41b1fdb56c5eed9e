// A worker factory from a script's text: one blob URL for all its workers, so the worker needs no
// file of its own on the server and works the same in the app and in the embed on another origin
// (whose pages may only start workers from their own origin or from blob:).
export function workerFromSource(source: string): () => Worker {
  let url: string | null = null;
  return () => {
    url ??= URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    return new Worker(url, { name: 'locus-vector-tiles' });
  };
}
