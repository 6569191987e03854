import { DEFAULT_VOICE_SETTINGS, realtimeSessionResponseSchema, type RealtimeSessionResponse, type VoiceServerEvent, type VoiceSettings } from '@contracts/voice';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRuntimeConfig } from '@/config/runtime-config';
import { errorMessage, useApi } from '@/lib/api';
import { chatbotPath } from '@/lib/chatbots-api';
import { notify } from '@/lib/notify';
import { RATE_OF_SPEED, listenOnce, pauseSpeaking, resumeSpeaking, speak, speechSupport, stopSpeaking, type Listener } from '@/voice/browser-speech';
import { captureMicrophone, createPcmPlayer, type Microphone } from '@/voice/pcm-audio';
import { SpeechSynthesisFailed, pauseServerSpeech, playServerSpeech, resumeServerSpeech, stopServerSpeech } from '@/voice/server-speech';
import { openVoiceSocket, type VoiceSocket } from '@/voice/voice-socket';

/** Spec 000 section 4 "Voice session". */
export type VoiceStatus = 'idle' | 'connecting' | 'connected' | 'listening' | 'speaking';

export interface VoiceLine {
  id: string;
  role: 'user' | 'assistant';
  text: string;
}

const lineId = () => crypto.randomUUID();

/**
 * One voice conversation with an assistant: the socket, the browser's listening and speaking, the
 * history and the live transcript. Leaving the screen (unmount) ends it.
 */
export function useVoiceChat(chatbotId: string | null, settings: VoiceSettings | undefined) {
  const { realtimeUrl } = useRuntimeConfig();
  const api = useApi();
  const [status, setStatus] = useState<VoiceStatus>('idle');
  const [lines, setLines] = useState<VoiceLine[]>([]);
  const [live, setLive] = useState('');
  const [waiting, setWaiting] = useState(false);
  /** What the server does itself (known once a session is created): keys it has for transcription and speech. */
  const [server, setServer] = useState<RealtimeSessionResponse['providers']>({ transcription: false, speech: false });
  const socket = useRef<VoiceSocket | null>(null);
  const ready = useRef(false);
  const endRef = useRef<(announce: boolean) => void>(() => undefined);
  const listener = useRef<Listener | null>(null);
  const providers = useRef<RealtimeSessionResponse['providers']>({ transcription: false, speech: false });
  const microphone = useRef<Microphone | null>(null);
  const statusRef = useRef<VoiceStatus>('idle');
  statusRef.current = status;
  /** The server spoke this turn (ElevenLabs): the browser's own voice stays silent. */
  const serverSpoke = useRef(false);
  const player = useRef(createPcmPlayer(() => setStatus((s) => (s === 'speaking' ? 'connected' : s))));
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

  /**
   * The server transcribes (an OpenAI key): the microphone streams while the socket is open and either
   * interruptions are on or the assistant is not speaking (spec 000 section 4).
   */
  const streamMicrophone = useCallback(async () => {
    let seq = 0;
    try {
      microphone.current = await captureMicrophone(
        (audio) => socket.current?.send({ type: 'input_audio_buffer.append', audio, seq: ++seq }),
        () => socket.current !== null && (settingsRef.current?.interrupt_enabled !== false || statusRef.current !== 'speaking'),
      );
    } catch (error) {
      notify.error('Error', { description: `Failed to start voice conversation: ${errorMessage(error, 'the microphone is not available')}. You can type your message instead.` });
    }
  }, []);

  const onEvent = useCallback(
    (event: VoiceServerEvent) => {
      switch (event.type) {
        case 'session.created':
          // Ready only now: a message sent before the server bound the socket to the assistant would be refused.
          ready.current = true;
          setStatus('connected');
          notify.success('Connected');
          if (providers.current.transcription) void streamMicrophone();
          else listen();
          return;
        case 'input_audio_buffer.speech_started':
          setStatus('listening');
          if (settingsRef.current?.interrupt_enabled !== false) {
            player.current.clear();
            stopSpeaking();
          }
          return;
        case 'input_audio_buffer.speech_stopped':
          setStatus('connected');
          setWaiting(true);
          return;
        case 'response.audio.delta':
          serverSpoke.current = true;
          setStatus('speaking');
          if (settingsRef.current?.auto_play !== false) player.current.enqueue(event.delta);
          return;
        case 'response.audio.done':
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
          if (serverSpoke.current || providers.current.transcription) serverSpoke.current = false;
          else if (settingsRef.current?.auto_play !== false && speechSupport().synthesis) void play(event.transcript, true);
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
    [listen, play, streamMicrophone],
  );

  const end = useCallback((announce: boolean) => {
    listener.current?.stop();
    listener.current = null;
    microphone.current?.stop();
    microphone.current = null;
    player.current.clear();
    stopSpeaking();
    stopServerSpeech();
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
    let session: RealtimeSessionResponse;
    try {
      session = await api.request(`${chatbotPath(chatbotId)}/realtime-session`, { method: 'POST', schema: realtimeSessionResponseSchema });
    } catch (error) {
      setStatus('idle');
      notify.error('Error', { description: `Failed to create session: ${errorMessage(error)}` });
      return;
    }
    if (!session.client_secret.value) {
      setStatus('idle');
      notify.error('Error', { description: 'Failed to get ephemeral token' });
      return;
    }
    providers.current = session.providers;
    setServer(session.providers);
    if (!session.providers.transcription && speechSupport().recognition && navigator.mediaDevices?.getUserMedia) {
      try {
        // Spec 000: Start asks for the microphone first; the recogniser then uses the granted device.
        const stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true } });
        stream.getTracks().forEach((track) => track.stop());
      } catch (error) {
        notify.error('Error', { description: `Failed to start voice conversation: ${errorMessage(error, 'the microphone is not available')}. You can type your message instead.` });
      }
    }
    try {
      socket.current = await openVoiceSocket(realtimeUrl, session.client_secret.value, {
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
    socket.current.send({ type: 'init', chatbot: chatbotId, ephemeralKey: session.client_secret.value });
  }, [chatbotId, status, realtimeUrl, onEvent, api]);

  /** A typed message (browsers without speech recognition): the same turn as spoken words. */
  const sendText = useCallback((text: string) => {
    if (!socket.current || !text.trim()) return;
    setLines((l) => [...l, { id: lineId(), role: 'user', text: text.trim() }]);
    setWaiting(true);
    socket.current.send({ type: 'input_text', text: text.trim() });
  }, []);

  endRef.current = end;
  /** Play Again: the line in the assistant's voice from the server (elevenlabs-tts), else the browser's own. */
  const playAgain = useCallback(
    async (text: string) => {
      const voice = settingsRef.current ?? DEFAULT_VOICE_SETTINGS;
      const { voice_id, model_id, stability, similarity_boost, style, use_speaker_boost } = voice;
      listener.current?.stop();
      stopSpeaking();
      try {
        const played = await playServerSpeech(api, { text, voice_id, model_id, stability, similarity_boost, style, use_speaker_boost }, () => {
          if (socket.current) setStatus('speaking');
        });
        if (played === 'unavailable') {
          if (!speechSupport().synthesis) notify.error('Audio Error', { description: 'Failed to play AI response' });
          else await play(text, false);
        }
      } catch (error) {
        console.error('Play Again failed', error);
        if (error instanceof SpeechSynthesisFailed) notify.error('Voice Synthesis Error', { description: 'Failed to generate AI voice response' });
        else notify.error('Audio Error', { description: 'Failed to play AI response' });
      }
      setStatus((s) => (s === 'speaking' ? 'connected' : s));
    },
    [api, play],
  );

  // A new assistant is a new conversation; leaving the screen ends it (spec 000 section 4).
  useEffect(() => () => end(false), [chatbotId, end]);

  /** The assistant's audio controls act on the server's voice and the browser's alike. */
  const audio = {
    pause: () => (player.current.pause(), pauseSpeaking(), pauseServerSpeech()),
    resume: () => (player.current.resume(), resumeSpeaking(), resumeServerSpeech()),
    stop: () => (player.current.clear(), stopSpeaking(), stopServerSpeech(), setStatus((s) => (s === 'speaking' ? 'connected' : s))),
  };

  return { status, lines, live, waiting, support, server, audio, start, end: () => end(true), sendText, listen, playAgain };
}
