import type { VoiceServerEvent, VoiceSettings } from '@contracts/voice';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRuntimeConfig } from '@/config/runtime-config';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';
import { RATE_OF_SPEED, listenOnce, speak, speechSupport, stopSpeaking, type Listener } from '@/voice/browser-speech';
import { openVoiceSocket, type VoiceSocket } from '@/voice/voice-socket';

/** Spec 000 section 4 "Voice session". */
export type VoiceStatus = 'idle' | 'connecting' | 'connected' | 'listening' | 'speaking';

export interface VoiceLine {
  id: string;
  role: 'user' | 'assistant';
  text: string;
}

const newSession = () => crypto.randomUUID().replace(/-/g, '');
const lineId = () => crypto.randomUUID();

/**
 * One voice conversation with an assistant: the socket, the browser's listening and speaking, the
 * history and the live transcript. Leaving the screen (unmount) ends it.
 */
export function useVoiceChat(chatbotId: string | null, settings: VoiceSettings | undefined) {
  const { realtimeUrl } = useRuntimeConfig();
  const [status, setStatus] = useState<VoiceStatus>('idle');
  const [lines, setLines] = useState<VoiceLine[]>([]);
  const [live, setLive] = useState('');
  const [waiting, setWaiting] = useState(false);
  const socket = useRef<VoiceSocket | null>(null);
  const ready = useRef(false);
  const endRef = useRef<(announce: boolean) => void>(() => undefined);
  const listener = useRef<Listener | null>(null);
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const support = speechSupport();

  const listen = useCallback(() => {
    if (!socket.current || !speechSupport().recognition) return;
    listener.current?.stop();
    listener.current = listenOnce({
      onStart: () => setStatus('listening'),
      onPartial: setLive,
      onFinal: (text) => {
        setLive('');
        if (!text) return;
        setWaiting(true);
        socket.current?.send({ type: 'input_text', text, spoken: true });
      },
      onEnd: () => setStatus((s) => (s === 'listening' ? 'connected' : s)),
      onError: (message) => notify.error('Error', { description: message }),
    });
  }, []);

  /** Speaks an answer with the browser's voice; back to listening afterwards. */
  const play = useCallback(
    async (text: string, thenListen: boolean) => {
      if (!speechSupport().synthesis) return;
      listener.current?.stop();
      setStatus('speaking');
      try {
        await speak(text, RATE_OF_SPEED[settingsRef.current?.response_speed ?? 'balanced']);
      } catch (error) {
        notify.error('Audio Error', { description: 'Failed to play AI response' });
        console.error('Speech synthesis failed', error);
      }
      if (!socket.current) return;
      setStatus('connected');
      if (thenListen) listen();
    },
    [listen],
  );

  const onEvent = useCallback(
    (event: VoiceServerEvent) => {
      switch (event.type) {
        case 'session.created':
          // Ready only now: a message sent before the server bound the socket to the assistant would be refused.
          ready.current = true;
          setStatus('connected');
          notify.success('Connected');
          listen();
          return;
        case 'conversation.item.input_audio_transcription.completed':
          setLines((l) => [...l, { id: lineId(), role: 'user', text: event.transcript }]);
          return;
        case 'response.audio_transcript.delta':
          setLive((t) => t + event.delta);
          return;
        case 'response.audio_transcript.done':
          setLive('');
          setWaiting(false);
          setLines((l) => [...l, { id: lineId(), role: 'assistant', text: event.transcript }]);
          if (settingsRef.current?.auto_play !== false && speechSupport().synthesis) void play(event.transcript, true);
          else listen();
          return;
        case 'error':
          setWaiting(false);
          setLive('');
          notify.error('Error', { description: event.message || 'Voice chat error occurred' });
          // Refused at init (an assistant the caller may not use): there is no conversation to keep open.
          if (!ready.current) endRef.current(false);
          return;
      }
    },
    [listen, play],
  );

  const end = useCallback((announce: boolean) => {
    listener.current?.stop();
    listener.current = null;
    stopSpeaking();
    socket.current?.close();
    const wasOpen = socket.current !== null;
    socket.current = null;
    ready.current = false;
    setStatus('idle');
    setLive('');
    setWaiting(false);
    if (announce && wasOpen) notify.success('Disconnected', { description: 'Voice conversation ended' });
  }, []);

  const start = useCallback(async () => {
    if (!chatbotId || status !== 'idle') return;
    setStatus('connecting');
    if (speechSupport().recognition && navigator.mediaDevices?.getUserMedia) {
      try {
        // Spec 000: Start asks for the microphone first; the recogniser then uses the granted device.
        const stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true } });
        stream.getTracks().forEach((track) => track.stop());
      } catch (error) {
        notify.error('Error', { description: `Failed to start voice conversation: ${errorMessage(error, 'the microphone is not available')}. You can type your message instead.` });
      }
    }
    try {
      socket.current = await openVoiceSocket(realtimeUrl, {
        onEvent,
        onClose: () => {
          socket.current = null;
          ready.current = false;
          listener.current?.stop();
          setStatus('idle');
        },
      });
    } catch (error) {
      console.error('Voice socket failed', error);
      setStatus('idle');
      notify.error('Connection Error', { description: 'Failed to connect to voice service. Please check the logs for details.' });
      return;
    }
    socket.current.send({ type: 'init', chatbot: chatbotId, session: newSession() });
  }, [chatbotId, status, realtimeUrl, onEvent]);

  /** A typed message (browsers without speech recognition): the same turn as spoken words. */
  const sendText = useCallback((text: string) => {
    if (!socket.current || !text.trim()) return;
    setLines((l) => [...l, { id: lineId(), role: 'user', text: text.trim() }]);
    setWaiting(true);
    socket.current.send({ type: 'input_text', text: text.trim() });
  }, []);

  endRef.current = end;
  const playAgain = useCallback((text: string) => void play(text, false), [play]);

  // A new assistant is a new conversation; leaving the screen ends it (spec 000 section 4).
  useEffect(() => () => end(false), [chatbotId, end]);

  return { status, lines, live, waiting, support, start, end: () => end(true), sendText, listen, playAgain };
}
