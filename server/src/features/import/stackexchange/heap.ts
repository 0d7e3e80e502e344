import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * An import's batches live across a few awaits (read, converted, written while the next is read),
 * long enough for V8 to move them to the old generation, which it collects only when its limit,
 * sized from the machine's memory, comes near: the heap of a long import would grow to several
 * hundred megabytes of dead batches. A full collection whenever the used heap passes `limitMb`
 * keeps it to that, at the cost of one collection of a small live set every few seconds. V8 hands
 * out its collector only to code that asks for it by flag, which is set here, once per thread.
 */
let collect: (() => void) | null | undefined;

export function keepHeapSmall(limitMb: number): void {
  if (collect === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      collect = vm.runInNewContext('gc') as () => void;
    } catch {
      collect = null;
    }
  }
  if (collect && v8.getHeapStatistics().used_heap_size > limitMb * 1024 * 1024) collect();
}
