/**
 * Turns texts into embedding vectors. OpenAI in production (openai-embeddings.ts); tests pass fakes.
 * Vectors of different models live in different spaces, so an index remembers the model it was built
 * with and a query is only compared with vectors of the same model.
 */
export interface EmbeddingProvider {
  readonly model: string;
  /**
   * One vector per text, in order. Any number of texts; the provider batches its requests. An aborted
   * `signal` ends the requests in flight and rejects.
   */
  embed(texts: readonly string[], options?: { signal?: AbortSignal }): Promise<Float32Array[]>;
}
