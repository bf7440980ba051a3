// Live threads: the process hears every message insert and deletion once (PostgreSQL NOTIFY on the
// change feed's one connection) and hands each to the open streams of that conversation only.
import type { NotificationChannels } from '../../db/change-feed';
import { MESSAGE_CHANNEL } from '../../domain/messaging';

export interface MessageNotice {
  conversationId: number;
  messageId: number;
  event: 'inserted' | 'deleted';
}

/** Null: notifications were lost; the stream cannot tell what it missed and should end (the browser reconnects). */
export type NoticeListener = (notice: MessageNotice | null) => void;

function parseNotice(payload: string): MessageNotice | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    const conversationId = Number(value.conversationId);
    const messageId = Number(value.messageId);
    if (!Number.isSafeInteger(conversationId) || !Number.isSafeInteger(messageId)) return null;
    return { conversationId, messageId, event: value.event === 'deleted' ? 'deleted' : 'inserted' };
  } catch {
    return null;
  }
}

export class ConversationFeed {
  private readonly listeners = new Map<number, Set<NoticeListener>>();

  constructor(private readonly channels: NotificationChannels) {
    channels.listen(MESSAGE_CHANNEL, (payload) => this.dispatch(payload));
  }

  isLive(): boolean {
    return this.channels.isLive();
  }

  subscribe(conversationId: number, listener: NoticeListener): () => void {
    let set = this.listeners.get(conversationId);
    if (!set) this.listeners.set(conversationId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(conversationId) === set) this.listeners.delete(conversationId);
    };
  }

  private dispatch(payload: string | null): void {
    if (payload === null) {
      for (const set of [...this.listeners.values()]) for (const listener of [...set]) listener(null);
      return;
    }
    const notice = parseNotice(payload);
    if (!notice) return;
    for (const listener of [...(this.listeners.get(notice.conversationId) ?? [])]) listener(notice);
  }
}
