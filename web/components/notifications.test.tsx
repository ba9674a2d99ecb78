import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { ERROR_MS, NotificationProvider, NOTIFICATION_MS, useAutoClear, useNotify } from './notifications';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Fire({ error, message }: { error?: boolean; message: string }) {
  const { notify, notifyError } = useNotify();
  useEffect(() => {
    if (error) notifyError(message);
    else notify(message);
  }, [error, message, notify, notifyError]);
  return null;
}

describe('NotificationProvider timers (spec.md §4)', () => {
  it('clears a notification after 4 s', () => {
    render(
      <NotificationProvider>
        <Fire message="x" />
      </NotificationProvider>,
    );
    expect(NOTIFICATION_MS).toBe(4000);
    act(() => vi.advanceTimersByTime(3999));
    expect(screen.queryByText('x')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('x')).toBeNull();
  });

  it('clears an error after 5 s', () => {
    render(
      <NotificationProvider>
        <Fire error message="boom" />
      </NotificationProvider>,
    );
    expect(ERROR_MS).toBe(5000);
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByText('boom')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('boom')).toBeNull();
  });
});

describe('useAutoClear', () => {
  it('calls clear 5 s after a truthy value, not for a falsy one', () => {
    const clear = vi.fn();
    const { rerender } = renderHook(({ value }: { value: string | null }) => useAutoClear(value, clear), {
      initialProps: { value: null as string | null },
    });
    act(() => vi.advanceTimersByTime(10_000));
    expect(clear).not.toHaveBeenCalled();

    rerender({ value: 'error' });
    act(() => vi.advanceTimersByTime(4999));
    expect(clear).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it('restarts the timer when the value changes and cancels it on unmount', () => {
    const clear = vi.fn();
    const { rerender, unmount } = renderHook(({ value }: { value: string }) => useAutoClear(value, clear), {
      initialProps: { value: 'first' },
    });
    act(() => vi.advanceTimersByTime(3000));
    rerender({ value: 'second' });
    act(() => vi.advanceTimersByTime(3000));
    expect(clear).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(2000));
    expect(clear).toHaveBeenCalledTimes(1);

    rerender({ value: 'third' });
    unmount();
    act(() => vi.advanceTimersByTime(10_000));
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it('does not restart the timer when only the clear callback changes, and honours ms', () => {
    const { rerender } = renderHook(({ clear }: { clear: () => void }) => useAutoClear('error', clear, 1000), {
      initialProps: { clear: vi.fn() },
    });
    const latest = vi.fn();
    act(() => vi.advanceTimersByTime(600));
    rerender({ clear: latest });
    act(() => vi.advanceTimersByTime(400));
    expect(latest).toHaveBeenCalledTimes(1);
  });
});
