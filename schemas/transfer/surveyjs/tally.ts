import type { TTransferReport } from '../report';

/** Builds a transfer report: mapped pieces counted by (from, to), unmapped ones listed in order. */
export class Tally {
  private readonly counts = new Map<string, { from: string; to: string; count: number }>();
  private readonly missed: TTransferReport['unmapped'] = [];
  mapped(from: string, to: string) {
    const key = `${from}\u0000${to}`;
    const row = this.counts.get(key);
    if (row) row.count++;
    else this.counts.set(key, { from, to, count: 1 });
  }
  unmapped(where: string, what: string, reason: string) {
    this.missed.push({ where, what, reason });
  }
  report(): TTransferReport {
    return { mapped: [...this.counts.values()], unmapped: [...this.missed] };
  }
}
