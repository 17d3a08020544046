// A value made on first use and kept: documents that cost start-up time but are not needed to answer most requests.

export type Once<T> = () => T;

export function once<T>(make: () => T): Once<T> {
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}
