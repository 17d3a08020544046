// Money as the service shows it: rounded numbers for the wire, dollar text for the sentences people read.
import { roundTo } from './memory.ts';

/** Money and volumes for the wire: two decimals from 1 up, four significant digits below (small volumes cost fractions of a cent). */
export function usd(x: number): number {
  return x >= 1 ? roundTo(x, 2) : Number(x.toPrecision(4));
}

/** Dollars as people read them: cents from $1 up, four significant digits below ($2,555.00 is `$2555.00`). */
export const dollars = (x: number): string => `$${x >= 1 ? x.toFixed(2) : Number(x.toPrecision(4))}`;

/** A per-token price as published: up to four decimals, no trailing zeros (`$0.075`, `$10`). */
export const price = (x: number): string => `$${Math.round(x * 10000) / 10000}`;

/** A whole-dollar amount as people read it, with thousands separators (`$1,269`): machine prices in sentences. */
export const wholeDollars = (x: number): string => `$${Math.round(x).toLocaleString('en-US')}`;
