// A small server-side SVG line chart: axes with ticks, one polyline per series, optional vertical markers.
import { escapeHtml } from './escape.ts';

export type Series = { name: string; cls: string; points: ReadonlyArray<readonly [number, number]> };
export type Marker = { x: number; label: string };
export type ChartOptions = {
  title: string;
  /** Text alternative read by screen readers (the data is also in a table on the page). */
  description: string;
  series: readonly Series[];
  xLabel: string;
  yLabel: string;
  logX?: boolean;
  logY?: boolean;
  formatX?: (v: number) => string;
  formatY?: (v: number) => string;
  markers?: readonly Marker[];
};

const W = 640;
const H = 300;
const PAD = { left: 64, right: 28, top: 16, bottom: 44 };

/** Round tick values: 1, 2, 5 x 10^k for linear axes, powers of ten for log axes. */
export function ticks(min: number, max: number, log: boolean, count = 5): number[] {
  if (!(max > min)) return [min];
  if (log) {
    const out: number[] = [];
    for (let e = Math.floor(Math.log10(min)); e <= Math.ceil(Math.log10(max)); e++) {
      const v = 10 ** e;
      if (v >= min * 0.999 && v <= max * 1.001) out.push(v);
    }
    return out;
  }
  const raw = (max - min) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw)!;
  const out: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) out.push(Number(v.toPrecision(12)));
  return out;
}

function scale(min: number, max: number, from: number, to: number, log: boolean): (v: number) => number {
  const f = log ? Math.log10 : (v: number) => v;
  const a = f(min);
  const b = f(max);
  const span = b - a || 1;
  return (v) => from + ((f(v) - a) / span) * (to - from);
}

const r1 = (v: number) => Math.round(v * 10) / 10;

export function lineChart(o: ChartOptions): string {
  const plottable = ([x, y]: readonly [number, number]) =>
    Number.isFinite(x) && Number.isFinite(y) && (!o.logX || x > 0) && (!o.logY || y > 0);
  const pts = o.series.flatMap((s) => s.points).filter(plottable);
  const fx = o.formatX ?? String;
  const fy = o.formatY ?? String;
  const label = escapeHtml(o.title);
  const open = `<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="ct-${label.length}">
<title id="ct-${label.length}">${label}. ${escapeHtml(o.description)}</title>`;
  if (!pts.length) return `${open}<text x="${W / 2}" y="${H / 2}" text-anchor="middle">no data to plot</text></svg>`;
  let [xMin, xMax] = [Math.min(...pts.map((p) => p[0])), Math.max(...pts.map((p) => p[0]))];
  let [yMin, yMax] = [Math.min(...pts.map((p) => p[1])), Math.max(...pts.map((p) => p[1]))];
  if (xMin === xMax) [xMin, xMax] = o.logX ? [xMin / 2, xMax * 2] : [xMin - 1, xMax + 1];
  if (yMin === yMax) [yMin, yMax] = o.logY ? [yMin / 2, yMax * 2] : [yMin - 1, yMax + 1];
  if (!o.logY) {
    const pad = (yMax - yMin) * 0.05;
    [yMin, yMax] = [yMin - pad, yMax + pad];
  }
  const sx = scale(xMin, xMax, PAD.left, W - PAD.right, !!o.logX);
  const sy = scale(yMin, yMax, H - PAD.bottom, PAD.top, !!o.logY);
  const parts: string[] = [open];
  parts.push(`<g class="axis">`);
  for (const t of ticks(xMin, xMax, !!o.logX)) {
    const x = r1(sx(t));
    parts.push(`<line class="grid" x1="${x}" x2="${x}" y1="${PAD.top}" y2="${H - PAD.bottom}"/>`);
    parts.push(`<text x="${x}" y="${H - PAD.bottom + 16}" text-anchor="middle">${escapeHtml(fx(t))}</text>`);
  }
  for (const t of ticks(yMin, yMax, !!o.logY)) {
    const y = r1(sy(t));
    parts.push(`<line class="grid" x1="${PAD.left}" x2="${W - PAD.right}" y1="${y}" y2="${y}"/>`);
    parts.push(`<text x="${PAD.left - 6}" y="${y + 4}" text-anchor="end">${escapeHtml(fy(t))}</text>`);
  }
  parts.push(`<text x="${(PAD.left + W - PAD.right) / 2}" y="${H - 6}" text-anchor="middle">${escapeHtml(o.xLabel)}</text>`);
  parts.push(`<text x="12" y="${PAD.top + 8}" text-anchor="start">${escapeHtml(o.yLabel)}</text></g>`);
  for (const m of o.markers ?? []) {
    if (m.x < xMin || m.x > xMax) continue;
    const x = r1(sx(m.x));
    parts.push(`<g class="marker"><line x1="${x}" x2="${x}" y1="${PAD.top}" y2="${H - PAD.bottom}"/>
<text x="${x + 4}" y="${PAD.top + 12}">${escapeHtml(m.label)}</text></g>`);
  }
  for (const s of o.series) {
    const p = s.points.filter(plottable);
    if (!p.length) continue;
    const d = p.map(([x, y]) => `${r1(sx(x))},${r1(sy(y))}`).join(' ');
    parts.push(`<g class="series ${escapeHtml(s.cls)}"><polyline points="${d}"/>`);
    for (const [x, y] of p) parts.push(`<circle cx="${r1(sx(x))}" cy="${r1(sy(y))}" r="3">
<title>${escapeHtml(`${s.name}: ${fy(y)} at ${fx(x)}`)}</title></circle>`);
    parts.push('</g>');
  }
  parts.push('</svg>');
  return parts.join('');
}
