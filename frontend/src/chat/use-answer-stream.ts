import { useCallback, useEffect, useRef, useState } from 'react';
import { useRuntimeConfig } from '@/config/runtime-config';
import { idToken } from '@/lib/api';
import { newClientMessageId } from '@/lib/chat-api';
import { streamedText, type StreamPiece } from '../../widget/answer-stream';
import { listenForReplies } from '../../widget/visitor-socket';

/** The ID token expires within the hour; a reconnection must not offer an expired one. */
const TOKEN_REFRESH_MS = 5 * 60_000;

/**
 * The signed-in user's realtime socket while a dashboard chat is open (the test chat, the Training
 * studio): the model's answer to a message sent with `begin()`'s fields is streamed there, and
 * `partial` is its text so far until `end()` (called when the reply has come, which replaces it).
 */
export function useAnswerStream() {
  const { realtimeUrl } = useRuntimeConfig();
  const [partial, setPartial] = useState<string>();
  const onPiece = useRef<(piece: StreamPiece) => void>(undefined);

  useEffect(() => {
    let token: string | undefined;
    let stop: (() => void) | undefined;
    let stopped = false;
    const refresh = () => idToken().then((current) => (token = current), () => undefined);
    void refresh().then(() => {
      if (!stopped) stop = listenForReplies(realtimeUrl, () => token, () => undefined, (piece) => onPiece.current?.(piece));
    });
    const timer = setInterval(() => void refresh(), TOKEN_REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
      stop?.();
    };
  }, [realtimeUrl]);

  /** The next message's client message id, and the wish to have its answer streamed. */
  const begin = useCallback(() => {
    const clientMessageId = newClientMessageId();
    const textOf = streamedText(clientMessageId);
    onPiece.current = (piece) => {
      const text = textOf(piece);
      if (text !== undefined) setPartial(text);
    };
    return { clientMessageId, stream: true };
  }, []);

  const end = useCallback(() => {
    onPiece.current = undefined;
    setPartial(undefined);
  }, []);

  return { partial, begin, end };
}
