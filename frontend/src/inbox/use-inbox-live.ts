import { HEARTBEAT_INTERVAL_MS, RECONNECT_BACKOFF_MS, type ServerSocketMessage } from '@contracts/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useUserId } from '@/auth/auth-context';
import { useRuntimeConfig } from '@/config/runtime-config';
import { setInboxSocket, visitorIsTyping, visitorStoppedTyping } from '@/inbox/inbox-typing';
import { inboxKeys } from '@/inbox/inbox-keys';
import { idToken } from '@/lib/api';

/**
 * Keeps an open inbox live: the server tells every dashboard of the people who may read a
 * conversation (its assistant's owner and team) when it changes, over the realtime WebSocket; the
 * lists and that conversation are then fetched again; a visitor typing is shown (inbox-typing.ts), and
 * the reply box signals its own typing on the same socket. Reconnects with the spec's backoff.
 */
export function useInboxLiveUpdates(): void {
  const { realtimeUrl } = useRuntimeConfig();
  const userId = useUserId();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId) return;
    let socket: WebSocket | undefined;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const onMessage = (event: MessageEvent) => {
      let message: ServerSocketMessage;
      try {
        message = JSON.parse(String(event.data)) as ServerSocketMessage;
      } catch {
        return;
      }
      if (message.type === 'visitor_typing') return visitorIsTyping(message.conversation_id);
      if (message.type !== 'inbox') return;
      // A change of the conversation (most often the visitor's message arriving) ends their typing.
      visitorStoppedTyping(message.conversation_id);
      void queryClient.invalidateQueries({ queryKey: inboxKeys.lists(userId) });
      void queryClient.invalidateQueries({ queryKey: inboxKeys.detail(userId, message.conversation_id) });
    };

    const open = async () => {
      const token = await idToken().catch(() => undefined);
      if (stopped || !token) return;
      const current = new WebSocket(`${realtimeUrl}?token=${encodeURIComponent(token)}`);
      socket = current;
      current.onopen = () => {
        attempt = 0;
        setInboxSocket(current);
        // API Gateway closes an idle socket after 10 minutes: the heartbeat keeps it open.
        heartbeat = setInterval(() => current.send(JSON.stringify({ action: 'ping' })), HEARTBEAT_INTERVAL_MS);
      };
      current.onmessage = onMessage;
      current.onclose = () => {
        clearInterval(heartbeat);
        setInboxSocket(undefined);
        if (stopped) return;
        retry = setTimeout(() => void open(), RECONNECT_BACKOFF_MS[Math.min(attempt++, RECONNECT_BACKOFF_MS.length - 1)]);
      };
    };
    void open();

    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      socket?.close();
    };
  }, [realtimeUrl, userId, queryClient]);
}
