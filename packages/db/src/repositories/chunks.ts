/** Bounded IN lists: a campaign may name 10,000 contacts, a statement takes 1000 at a time. */
const CHUNK_SIZE = 1000;

/** Runs `run` on slices of up to 1000 items (one statement each) and joins the answers in order. */
export async function inChunks<T, R>(items: readonly T[], run: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let at = 0; at < items.length; at += CHUNK_SIZE) {
    out.push(...(await run(items.slice(at, at + CHUNK_SIZE))));
  }
  return out;
}
