// The state of a moderation queue (the comments and reviews pages): the list kept in the address
// (address-list.ts) and the setting that makes new items wait for approval.
import type { ApiResult } from '@tessera/core/api-client';
import { useEffect, useRef, useState } from 'react';
import { type ListSource, useAddressList } from './address-list.js';

export type SettingsState<S> = { status: 'loading' } | ({ status: 'ready'; saving: boolean } & S) | { status: 'error'; message: string };

interface QueueSource<Q, T, C, S> extends ListSource<Q, T, C> {
  settings(): Promise<ApiResult<S>>;
}

/** The items after one changed: it stays in its place while the tab still shows it, else it leaves. */
export function replaced<T extends { id: string }>(items: T[], id: string, after: T | null, shows: (item: T) => boolean): T[] {
  return after && shows(after) ? items.map((item) => (item.id === id ? after : item)) : items.filter((item) => item.id !== id);
}

export function useModerationQueue<Q, T extends { id: string }, C, S>(source: QueueSource<Q, T, C, S>) {
  const list = useAddressList(source);
  const [settings, setSettings] = useState<SettingsState<S>>({ status: 'loading' });
  const read = useRef(source.settings);
  const { gone } = list;
  useEffect(() => {
    void read.current().then((answer) => {
      if (answer.ok) return setSettings({ status: 'ready', saving: false, ...answer.data });
      gone(answer);
      setSettings({ status: 'error', message: answer.message });
    });
  }, [gone]);
  return { ...list, settings, setSettings };
}
