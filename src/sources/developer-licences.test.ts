// Tests of the reviewed table of licences read on the developer's own page.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { translateDeveloperLicences } from './developer-licences.ts';

const HEADER = 'model_id,licence,url,read_on,quote,note';
const TABLE = readFileSync(path.join(import.meta.dirname, '../../data/curated/developer-licences.csv'), 'utf8');

test('a row is an observation of the licence, with the page, the words quoted and the day read for the fact', () => {
  const { models, issues } = translateDeveloperLicences(`${HEADER}
mistral-7b,Apache 2.0,https://huggingface.co/mistralai/Mistral-7B-v0.1,2026-11-27,License: apache-2.0,the repository's tag`);
  assert.deepEqual(issues, []);
  assert.deepEqual(models, [{
    source: 'developer-licences', source_model_id: 'mistral-7b', canonical_hint: 'mistral-7b', as_of: '2026-11-27',
    url: 'https://huggingface.co/mistralai/Mistral-7B-v0.1', licence_text: 'Apache 2.0',
    licence_page: { url: 'https://huggingface.co/mistralai/Mistral-7B-v0.1', quote: 'License: apache-2.0', read_on: '2026-11-27' },
  }]);
});

test('a row with no quote, no licence, a bad date or no https page is an issue; a second row for a model is not applied', () => {
  const { models, issues } = translateDeveloperLicences(`${HEADER}
a,MIT,https://example.com/a,2026-11-27,,x
b,,https://example.com/b,2026-11-27,q,x
c,MIT,https://example.com/c,2026-13-01,q,x
d,MIT,http://example.com/d,2026-11-27,q,x
e,MIT,https://example.com/e,2026-11-27,q,x
e,Apache 2.0,https://example.com/e2,2026-11-27,q,x`);
  assert.deepEqual(models.map((m) => [m.source_model_id, m.licence_text]), [['e', 'MIT']]);
  assert.deepEqual(issues.map((i) => i.field ?? i.message), ['quote', 'licence', 'read_on', 'url', 'a second row for e; the first is kept']);
});

test('the committed table: Mistral 7B is Apache 2.0 on Mistral AI\'s own repository, Hunyuan A13B under Tencent\'s community licence', () => {
  const { models, issues } = translateDeveloperLicences(TABLE);
  assert.deepEqual(issues, []);
  const by = new Map(models.map((m) => [m.source_model_id, m]));
  // huggingface.co/mistralai/Mistral-7B-v0.1: "License: apache-2.0" in the repository's header.
  assert.equal(by.get('mistral-7b')?.licence_text, 'Apache 2.0');
  assert.equal(by.get('mistral-7b')?.url, 'https://huggingface.co/mistralai/Mistral-7B-v0.1');
  // Tencent-Hunyuan/Hunyuan-A13B LICENSE, line 1: "TENCENT HUNYUAN COMMUNITY LICENSE AGREEMENT".
  assert.equal(by.get('hunyuan-a13b-instruct')?.licence_text, 'tencent-hunyuan-community');
  assert.match(by.get('hunyuan-a13b-instruct')!.licence_page!.quote, /^TENCENT HUNYUAN COMMUNITY LICENSE AGREEMENT$/);
  // meta-llama/PurpleLlama Llama-Guard4/12B/LICENSE opens "LLAMA 4 COMMUNITY LICENSE AGREEMENT".
  assert.equal(by.get('llama-guard-4-12b')?.licence_text, 'llama 4');
  // Tencent's Hy3 preview card: "Hy3 preview is released under the Tencent Hy Community License Agreement." LMArena's
  // "Apache 2.0" label for it is not Tencent's word.
  assert.equal(by.get('hy3-preview')?.licence_text, 'Tencent Hy Community License Agreement');
  assert.match(by.get('hy3-preview')!.licence_page!.quote, /^Hy3 preview is released under the Tencent Hy Community License Agreement\.$/);
  // Mistral's model page for Mistral Nemo 12B (docs.mistral.ai, source mistral-nemo-12b-24-07.ts): license 'Apache 2.0'.
  assert.equal(by.get('mistral-nemo')?.licence_text, 'Apache 2.0');
  // Qwen2.5 README at 486bf75: "All our open-source models, except for the 3B and 72B variants, are licensed under Apache 2.0."
  assert.match(by.get('qwen2-5-7b-instruct')!.licence_page!.quote, /except for the 3B and 72B variants/);
  assert.equal(by.get('qwen2-5-3b-instruct'), undefined, 'the 3B is under the Qwen Research licence: no Apache row');
  // Kimi K2 Thinking's card (moonshotai/Kimi-K2-Thinking): `license_name: modified-mit`, badge "License: Modified MIT".
  assert.equal(by.get('kimi-k2-thinking')?.licence_text, 'Modified MIT');
  // THUDM/ChatGLM3 MODEL_LICENSE opens "The ChatGLM3-6B License": the weights' licence, the code's being Apache 2.0.
  assert.equal(by.get('chatglm3-6b')?.licence_text, 'ChatGLM3-6B License');
  // Cohere's C4AI Command R7B card: "License: CC-BY-NC, requires also adhering to C4AI's Acceptable Use Policy", front
  // matter `license: cc-by-nc-4.0`: non-commercial weights, not Apache or MIT.
  assert.equal(by.get('command-r7b-12-2024')?.licence_text, 'cc-by-nc-4.0');
  // Ai2's allenai/Olmo-3-7B-Instruct repository pages: "License: apache-2.0".
  assert.equal(by.get('olmo-3-7b-instruct')?.licence_text, 'apache-2.0');
  // Google's LiteRT-LM page on Gemma 4: "Gemma 4 se otorga bajo la licencia Apache-2.0" (Gemma 3 and earlier: Gemma
  // Terms of Use); LMSYS's Vicuna v1.5 repositories: "License: llama2" (fine-tuned from Llama 2, not LLaMA 1).
  assert.equal(by.get('gemma-4-e4b-it')?.licence_text, 'apache-2.0');
  assert.equal(by.get('vicuna-13b-v1.5')?.licence_text, 'llama 2 community');
  // Qwen's blog on the Qwen2.5-Coder family: "... 32B are licensed under Apache 2.0, while 3B is under Qwen-Research license";
  // DeepSeek-Prover-V2's README, section 6: "The use of DeepSeek-Prover-V2 models is subject to the Model License" (the
  // DeepSeek License Agreement 1.0); NVIDIA's Nemotron Nano 9B v2 card: "governed by the NVIDIA Open Model License Agreement".
  assert.equal(by.get('qwen2.5-coder-3b-instruct')?.licence_text, 'qwen research');
  assert.equal(by.get('deepseek-prover-v2-671b')?.licence_text, 'deepseek license');
  assert.equal(by.get('nemotron-nano-9b-v2')?.licence_text, 'nvidia open model');
  // MiniMax-01's repository: LICENSE-MODEL is the "MINIMAX MODEL LICENSE", not the modified MIT of MiniMax's M2 models.
  assert.equal(by.get('minimax-01')?.licence_text, 'minimax model license');
  // Every row cites a developer's own page: the repositories, docs and blogs of Mistral AI, Microsoft, Meta, Tencent, Qwen,
  // IBM, DeepSeek, ByteDance Seed, OpenAI, Moonshot AI, MiniMax, THUDM (Tsinghua's KEG, publisher of the ChatGLM weights),
  // Cohere (CohereLabs), Z.ai (zai-org), Baidu (its Hugging Face organisation and AI Studio), Ai2 (allenai), LMSYS
  // (lmsys, Vicuna), StepFun (stepfun-ai), Google (ai.google.dev, Gemma 4; google, Gemma 3), NVIDIA (nvidia), Reka
  // (RekaAI), Black Forest Labs (black-forest-labs/flux, its FLUX.1 model cards), Nous Research (NousResearch), Baidu's
  // ERNIE repository (PaddlePaddle/ERNIE), ByteDance's UI-TARS repository (bytedance), Liquid AI (LiquidAI), BAAI (BAAI)
  // and NVIDIA's Nemotron recipes repository (NVIDIA-NeMo); since the fifth round of 2026-11-29 also Tongyi Lab's
  // organisation (Alibaba-NLP), the WizardLM team's repository (nlpxucan/WizardLM, whose WizardLM-2 README announces the
  // weights and links Microsoft's collection), NVIDIA's model pages (build.nvidia.com, docs.api.nvidia.com, its NGC
  // catalogue) and NVIDIA's Cosmos repositories (nvidia-cosmos).
  const own = new RegExp('^https://(huggingface\\.co/(mistralai|microsoft|tencent|Qwen|openai|moonshotai|CohereLabs|zai-org|baidu|allenai|lmsys'
    + '|google|nvidia|RekaAI|NousResearch|LiquidAI|poolside|BAAI|Alibaba-NLP)'
    + '|aistudio\\.baidu\\.com|docs\\.mistral\\.ai|qwenlm\\.github\\.io|ai\\.google\\.dev'
    + '|build\\.nvidia\\.com|docs\\.api\\.nvidia\\.com|catalog\\.ngc\\.nvidia\\.com'
    + '|github\\.com/(meta-llama|Tencent-Hunyuan|QwenLM|ibm-granite|deepseek-ai|ByteDance-Seed|openai|MiniMax-AI|THUDM|stepfun-ai'
    + '|black-forest-labs|PaddlePaddle|bytedance|NVIDIA-NeMo|nlpxucan|nvidia-cosmos))(/|$)');
  // Black Forest Labs' cards: FLUX.1 [schnell] "Released under the `apache-2.0` licence" (1f71c43); FLUX.1 Kontext [dev]
  // "falls under the FLUX.1 [dev] Non-Commercial License" (474dc42).
  assert.equal(by.get('flux_1-schnell')?.licence_text, 'Apache 2.0');
  assert.equal(by.get('flux_1-kontext-dev')?.licence_text, 'FLUX.1 [dev] Non-Commercial License');
  // DeepSeek-R1's README, section 7 (00f3296): the Llama distills are "originally licensed under" the base's licence,
  // Llama 3.1 for the 8B (from Llama3.1-8B-Base) and Llama 3.3 for the 70B (from Llama3.3-70B-Instruct): the base's
  // conditions bind the fine-tune, so the row names them rather than the repository's MIT.
  assert.equal(by.get('deepseek-r1-distill-llama-8b')?.licence_text, 'llama 3.1');
  assert.equal(by.get('deepseek-r1-distill-llama-70b')?.licence_text, 'llama-3.3');
  // OpenAI's gpt-oss-safeguard README (7ec06bb): "Permissive Apache 2.0 license", for the 120b and the 20b.
  assert.equal(by.get('gpt-oss-safeguard-120b')?.licence_text, 'Apache 2.0');
  // microsoft/phi-2's README at 7e10f3e: front matter `license: mit`.
  assert.equal(by.get('phi-2')?.licence_text, 'mit');
  // NVIDIA's card for Llama-3.1-Nemotron-Nano-8B-v1: "governed by the NVIDIA Open Model License", Llama 3.1 as additional terms.
  assert.equal(by.get('llama-3.1-nemotron-nano-8b-v1')?.licence_text, 'nvidia open model');
  // Nous Research's Hermes 3 405B repository at 503828b: `license: llama3`, "a frontier level, full parameter finetune of
  // the Llama-3.1 405B foundation model": the fine-tune of Llama 3.1 is bound by the Llama 3.1 agreement, not Llama 3's.
  assert.equal(by.get('hermes-3-llama-3.1-405b')?.licence_text, 'llama 3.1');
  assert.match(by.get('hermes-3-llama-3.1-405b')!.licence_page!.quote, /^license: llama3 \.\.\. Hermes 3 405B is a frontier level, full parameter finetune of the Llama-3\.1 405B foundation model$/);
  assert.equal(by.get('hermes-4-70b')?.licence_text, 'llama 3.1');
  // Baidu's ERNIE README at fec4aa6: the ten ERNIE 4.5 variants "are publicly accessible under Apache 2.0"; ByteDance's
  // UI-TARS README at 582f3a7: "UI-TARS is licensed under the Apache License 2.0"; Liquid AI's cards: `license_name:
  // lfm1.0`, "License | LFM Open License v1.0", a licence of its own, not Apache 2.0 (a revenue threshold).
  assert.equal(by.get('ernie-4.5-300b-a47b')?.licence_text, 'Apache 2.0');
  assert.equal(by.get('ui-tars-1.5-7b')?.licence_text, 'Apache 2.0');
  assert.equal(by.get('lfm-2-24b-a2b')?.licence_text, 'LFM Open License v1.0');
  assert.equal(by.get('lfm-2.5-1.2b-thinking')?.licence_text, 'LFM Open License v1.0');
  // whisper-1 is OpenAI's API name of its Whisper V2 (large-v2) weights, whose licence the Whisper README names: MIT.
  assert.equal(by.get('whisper-1')?.licence_text, 'mit');
  // NVIDIA's Nemotron-Mini-4B-Instruct card at 6a41779: `license_name: nvidia-community-model-license`, its own licence,
  // not the NVIDIA Open Model License that its later ONNX build names.
  assert.equal(by.get('nemotron-mini-4b-instruct')?.licence_text, 'NVIDIA Community Model License');
  // NVIDIA-NeMo/Nemotron at e27b371, docs/nemotron/omni3/architecture.md: "The model is released under the NVIDIA
  // Nemotron Open Model License" (Nemotron 3 Nano Omni), a licence named apart from the NVIDIA Open Model License that
  // Nemotron-Cascade-2's card names (`license_name: nvidia-open-model-license`); BAAI's bge-m3 repository: "License: mit".
  assert.equal(by.get('nemotron-3-nano-omni-30b-a3b-reasoning')?.licence_text, 'NVIDIA Nemotron Open Model License');
  assert.equal(by.get('nemotron-cascade-2-30b-a3b')?.licence_text, 'nvidia open model');
  assert.equal(by.get('bge-m3')?.licence_text, 'MIT');
  // The Qwen team's repositories' licence tags: Qwen1.5-0.5B, -1.8B and -4B "License: tongyi-qianwen-research" (the
  // non-commercial Tongyi Qianwen Research License Agreement), Qwen1.5-14B "License: tongyi-qianwen" (as its 7B),
  // Qwen2.5-Math-72B-Instruct "License: qwen" (the Qwen License of Qwen2.5-72B, not the 7B's Apache 2.0).
  for (const size of ['0.5b', '1.8b', '4b']) assert.equal(by.get(`qwen1.5-${size}`)?.licence_text, 'tongyi-qianwen-research', size);
  assert.equal(by.get('qwen1.5-14b')?.licence_text, 'Qianwen License');
  assert.equal(by.get('qwen2-5-math-72b-instruct')?.licence_text, 'qwen');
  // StepFun's Step-3.7-Flash repository at 66b3ac8 (README, LICENSE and an image; it links the weights): "This project
  // is open-sourced under the Apache 2.0 License".
  assert.equal(by.get('step-3.7-flash')?.licence_text, 'Apache 2.0');
  // Fifth round (2026-11-29). nlpxucan/WizardLM at 80e528c, WizardLM-2/Readme.md: "The License of WizardLM-2 8x22B and
  // WizardLM-2 7B is Apache2.0. The License of WizardLM-2 70B is Llama-2-Community." (the 8x22B's, not the 70B's).
  assert.equal(by.get('wizardlm-2-8x22b')?.licence_text, 'Apache 2.0');
  // NVIDIA's build.nvidia.com card for NV-Embed-v1: "governed by the license", the link spdx.org/licenses/CC-BY-NC-4.0.
  assert.equal(by.get('nv-embed-v1')?.licence_text, 'cc-by-nc-4.0');
  // NVIDIA's pages: Nemotron 3 Content Safety "governed by the NVIDIA Nemotron Open Model License", Riva-Translate-4B
  // "governed by the NVIDIA Community Model License", the Cosmos READMEs "released under the NVIDIA Open Model License":
  // three NVIDIA licences, each kept apart.
  assert.equal(by.get('nemotron-3-content-safety')?.licence_text, 'nvidia nemotron open model license');
  assert.equal(by.get('riva-translate-4b-instruct-v1_1')?.licence_text, 'nvidia community model license');
  assert.equal(by.get('cosmos-transfer1-7b')?.licence_text, 'nvidia open model');
  for (const m of models) assert.match(m.url!, own, m.source_model_id);
});
