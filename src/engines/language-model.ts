// Whether a model is a language model: what models_for_hardware ranks, lists as not assessable, or counts apart.
import type { Model } from '../schema/index.ts';

/**
 * Embedders and rerankers by name: models.dev files them as text in, text out (BGE-M3, NV-Embed), so their
 * modalities do not tell them apart (the embedding words of the ingest's rule for resellers' listings).
 */
const EMBEDDER_OR_RERANKER = /embed|rerank|(?:^|[-_/])(?:bge|e5|gte)-|minilm|mpnet/i;

/**
 * A language model reads text and writes text. The catalogues also carry open-weights speech recognisers (Whisper:
 * audio in), video and driving perception models (video in), image and speech generators (no text out), and
 * embedders and rerankers (told by name). A model whose modalities no source gives is kept: the rule excludes only
 * on evidence, and a model that also takes audio or images beside text (Voxtral, Gemma 3) is a language model.
 */
export function isLanguageModel(model: Model): boolean {
  const m = model.modalities?.value;
  if (m && (!m.input.includes('text') || !m.output.includes('text'))) return false;
  return !EMBEDDER_OR_RERANKER.test(model.id) && !EMBEDDER_OR_RERANKER.test(model.name.value);
}
