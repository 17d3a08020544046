// What kind of model a model is: a language model, or an embedder, reranker, recogniser or generator the catalogues
// also carry. What models_for_hardware ranks (language models), search_models filters by (`kind`), summaries state.
import type { Model } from '../schema/index.ts';

/**
 * Embedders and rerankers by name: models.dev files them as text in, text out (BGE-M3, NV-Embed), so their
 * modalities do not tell them apart (the embedding words of the ingest's rule for resellers' listings).
 */
const EMBEDDER_OR_RERANKER = /embed|rerank|(?:^|[-_/])(?:bge|e5|gte)-|minilm|mpnet/i;
const RERANKER = /rerank/i;

/** Every kind, the language model first: the wire enum of `kind` (search_models, model summaries). */
export const MODEL_KINDS = [
  'language_model', 'embedder', 'reranker', 'speech_recogniser', 'image_generator', 'video_generator', 'audio_generator', 'other',
] as const;
export type ModelKind = (typeof MODEL_KINDS)[number];

/**
 * A model whose modalities no source gives, told by its name where the name says what it does, as its siblings' given
 * modalities do: `gpt-transcribe` as GPT-4o Transcribe (audio in, text out), Gemini 2.5 Flash-Lite Preview TTS as the
 * other Gemini TTS models (text in, audio out), Mistral OCR (documents in) and OpenAI's `moderation` (a classifier)
 * as neither. Voice and realtime models stay language models: their siblings with modalities read and write text.
 */
const NAMED_WITHOUT_MODALITIES: readonly (readonly [RegExp, ModelKind])[] = [
  [/transcri/i, 'speech_recogniser'],
  [/(?:^|[-_ ])tts(?:$|[-_ ])|text-to-speech/i, 'audio_generator'],
  [/(?:^|[-_ ])ocr(?:$|[-_ ])|^moderation$/i, 'other'],
];

/** How each kind is told, for the schema's words and the docs. */
export const MODEL_KIND_TEXT = '`language_model` (text in, text out, whatever else it also reads or writes: Gemma 3 reads '
  + 'images, Voxtral audio; also a model whose modalities no source gives, unless its name says otherwise), `embedder` and `reranker` (told by name: '
  + '`embed`, `rerank`, BGE, E5, GTE, MiniLM, MPNet, since catalogues file them as text in, text out), `speech_recogniser` '
  + '(audio in, text out, no text in: Whisper), `image_generator`, `video_generator`, `audio_generator` (no text out, by '
  + 'what it writes: FLUX, Cosmos, text to speech), `other` (no text in or out otherwise: OCR, moderation; told by name '
  + 'where no source gives the modalities, as transcription, TTS, OCR or moderation)';

function hasName(model: Model, re: RegExp): boolean {
  return re.test(model.id) || re.test(model.name.value);
}

/**
 * A language model reads text and writes text. The catalogues also carry open-weights speech recognisers (Whisper:
 * audio in), video and driving perception models (video in), image and speech generators (no text out), and
 * embedders and rerankers (told by name). A model whose modalities no source gives is a language model unless its name
 * says otherwise (NAMED_WITHOUT_MODALITIES): the rule excludes only on evidence, and a model that also takes audio or
 * images beside text (Voxtral, Gemma 3) is one.
 */
export function modelKind(model: Model): ModelKind {
  let kind = kinds.get(model);
  if (kind === undefined) kinds.set(model, (kind = readKind(model)));
  return kind;
}

/** Read once per model object (a dataset's models are frozen): search filters every model by kind on each request. */
const kinds = new WeakMap<Model, ModelKind>();

function readKind(model: Model): ModelKind {
  if (hasName(model, RERANKER)) return 'reranker';
  if (hasName(model, EMBEDDER_OR_RERANKER)) return 'embedder';
  const m = model.modalities?.value;
  if (!m) return NAMED_WITHOUT_MODALITIES.find(([re]) => hasName(model, re))?.[1] ?? 'language_model';
  if (!m.output.includes('text')) {
    // By what it writes: an image model that also returns a PDF (Grok Imagine) is an image generator.
    return m.output.includes('image') ? 'image_generator' : m.output.includes('video') ? 'video_generator'
      : m.output.includes('audio') ? 'audio_generator' : 'other';
  }
  if (!m.input.includes('text')) return m.input.includes('audio') ? 'speech_recogniser' : 'other';
  return 'language_model';
}

export function isLanguageModel(model: Model): boolean {
  return modelKind(model) === 'language_model';
}
