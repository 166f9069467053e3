/**
 * Starts every task at the same moment: each waits at a gate that opens only once all of them are
 * waiting there, so none gets a head start from being created first.
 */
export async function releasedTogether<T>(tasks: readonly (() => Promise<T>)[]): Promise<T[]> {
  let arrived = 0;
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  return Promise.all(
    tasks.map(async (task) => {
      if (++arrived === tasks.length) open();
      await gate;
      return task();
    }),
  );
}
