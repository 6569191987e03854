/** Spec 000 section 9: 24 kHz mono PCM16 both ways; capture in buffers of 4096 samples with echo cancellation, noise suppression and auto gain. */
export const SAMPLE_RATE = 24_000;
const BUFFER_SAMPLES = 4096;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export interface Microphone {
  stop(): void;
}

/** Streams the microphone as base64 PCM16 chunks while `shouldSend()` says so. */
export async function captureMicrophone(onChunk: (base64: string) => void, shouldSend: () => boolean): Promise<Microphone> {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { sampleRate: SAMPLE_RATE, channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
  });
  const context = new AudioContext({ sampleRate: SAMPLE_RATE });
  const source = context.createMediaStreamSource(stream);
  // ScriptProcessorNode: deprecated but everywhere, and enough for 4096-sample buffers.
  const processor = context.createScriptProcessor(BUFFER_SAMPLES, 1, 1);
  processor.onaudioprocess = (event) => {
    if (!shouldSend()) return;
    const input = event.inputBuffer.getChannelData(0);
    const pcm = new Int16Array(input.length);
    for (let i = 0; i < input.length; i++) pcm[i] = Math.max(-32768, Math.min(32767, Math.round(input[i]! * 32767)));
    onChunk(toBase64(new Uint8Array(pcm.buffer)));
  };
  source.connect(processor);
  processor.connect(context.destination);
  return {
    stop: () => {
      processor.disconnect();
      source.disconnect();
      stream.getTracks().forEach((track) => track.stop());
      void context.close();
    },
  };
}

/** Plays streamed PCM16 deltas one after another; `onIdle` when the queue has played out. */
export function createPcmPlayer(onIdle: () => void) {
  let context: AudioContext | null = null;
  let playAt = 0;
  const sources = new Set<AudioBufferSourceNode>();
  return {
    enqueue(base64: string) {
      context ??= new AudioContext({ sampleRate: SAMPLE_RATE });
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const samples = new Int16Array(bytes.buffer, 0, Math.floor(bytes.length / 2));
      const buffer = context.createBuffer(1, samples.length, SAMPLE_RATE);
      const channel = buffer.getChannelData(0);
      for (let i = 0; i < samples.length; i++) channel[i] = samples[i]! / 32768;
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(context.destination);
      playAt = Math.max(playAt, context.currentTime);
      source.start(playAt);
      playAt += buffer.duration;
      sources.add(source);
      source.onended = () => {
        sources.delete(source);
        if (sources.size === 0) onIdle();
      };
    },
    pause: () => void context?.suspend(),
    resume: () => void context?.resume(),
    /** Stops and forgets what is queued (End Chat, an interruption, Stop). */
    clear() {
      for (const source of sources) {
        source.onended = null;
        source.stop();
      }
      sources.clear();
      playAt = 0;
    },
    close() {
      this.clear();
      void context?.close();
      context = null;
    },
  };
}
