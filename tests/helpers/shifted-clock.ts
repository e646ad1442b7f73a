const SHIFTED = Symbol.for('wenjuan.shifted-clock');

type ShiftedDate = DateConstructor & { [SHIFTED]?: number };

/**
 * Moves this process's clock `days` ahead by replacing the global Date with a subclass whose "now" is shifted
 * (`Date.now()`, `new Date()`). Once per process: a second call with the same shift is a no-op, another shift
 * throws. Instances made before or by the original constructor still pass `instanceof Date`.
 */
export function shiftClock(days: number): void {
  if (!days) return;
  const current = globalThis.Date as ShiftedDate;
  const ms = days * 86_400_000;
  if (current[SHIFTED] !== undefined) {
    if (current[SHIFTED] !== ms) throw new Error(`the clock is already shifted by ${current[SHIFTED]} ms`);
    return;
  }
  const Real = globalThis.Date;
  class Shifted extends Real {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(Real.now() + ms);
      else super(...(args as [string | number | Date]));
    }
    static override now(): number {
      return Real.now() + ms;
    }
    static [Symbol.hasInstance](value: unknown): boolean {
      return value instanceof Real;
    }
  }
  Object.defineProperty(Shifted, SHIFTED, { value: ms });
  globalThis.Date = Shifted as DateConstructor;
}
