import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { Disposables, toDisposable } from '../../../src/os/disposables.js';

describe('Disposables', () => {
  it('releases what it holds newest first, once', () => {
    const order: string[] = [];
    const store = new Disposables();
    store.add({ dispose: () => order.push('first') });
    store.add({ dispose: () => order.push('second') });
    store.add({ dispose: () => order.push('third') });
    store.dispose();
    store.dispose();
    expect(order).toEqual(['third', 'second', 'first']);
    expect(store.isDisposed).toBe(true);
    expect(store.size).toBe(0);
  });

  it('runs every release when one throws, then throws what failed', () => {
    const released: string[] = [];
    const store = new Disposables();
    store.add({ dispose: () => released.push('a') });
    store.add({
      dispose: () => {
        throw new Error('b failed');
      },
    });
    store.add({ dispose: () => released.push('c') });
    expect(() => store.dispose()).toThrow('b failed');
    expect(released).toEqual(['c', 'a']);
  });

  it('throws all failures together when more than one release fails', () => {
    const store = new Disposables();
    for (const name of ['x', 'y'])
      store.add({
        dispose: () => {
          throw new Error(name);
        },
      });
    let thrown: unknown;
    try {
      store.dispose();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AggregateError);
    expect((thrown as AggregateError).errors.map((e: Error) => e.message)).toEqual(['y', 'x']);
  });

  it('disposes at once what is added after it was disposed', () => {
    const store = new Disposables();
    store.dispose();
    const late = vi.fn();
    store.add({ dispose: late });
    expect(late).toHaveBeenCalledTimes(1);
    expect(store.size).toBe(0);
  });

  it('release() ends one thing early and forgets it', () => {
    const store = new Disposables();
    const one = vi.fn();
    const handle = store.add({ dispose: one });
    store.release(handle);
    store.release(handle);
    store.dispose();
    expect(one).toHaveBeenCalledTimes(1);
  });

  it('a timer runs unless disposed first, and is forgotten once it ran', () => {
    vi.useFakeTimers();
    try {
      const store = new Disposables();
      const ran = vi.fn();
      const cancelled = vi.fn();
      store.addTimer(ran, 10);
      store.addTimer(cancelled, 50);
      expect(store.size).toBe(2);
      vi.advanceTimersByTime(20);
      expect(ran).toHaveBeenCalledTimes(1);
      expect(store.size).toBe(1);
      store.dispose();
      vi.advanceTimersByTime(100);
      expect(cancelled).not.toHaveBeenCalled();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a listener on an emitter is removed on dispose', () => {
    const emitter = new EventEmitter();
    const store = new Disposables();
    const heard = vi.fn();
    store.addListener(emitter, 'data', heard);
    emitter.emit('data', 1);
    expect(emitter.listenerCount('data')).toBe(1);
    store.dispose();
    emitter.emit('data', 2);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(emitter.listenerCount('data')).toBe(0);
  });

  it('toDisposable releases once however often it is disposed', () => {
    const release = vi.fn();
    const d = toDisposable(release);
    d.dispose();
    d.dispose();
    expect(release).toHaveBeenCalledTimes(1);
  });
});
