// `/podium`: the top 3 of a leaderboard and category, picked with a GET form.
import { html } from '../escape.ts';
import { one, type PageHandler } from '../context.ts';
import { podiumList } from './shared.ts';

const BOARDS = ['text_style_control', 'text', 'vision', 'webdev'];
const CATEGORIES = ['overall', 'coding', 'math', 'creative_writing', 'hard_prompts', 'instruction_following', 'multi_turn', 'longer_query'];

export const podiumPage: PageHandler = (ctx, _params, q) => {
  const leaderboard = one(q, 'leaderboard');
  const category = one(q, 'category');
  const openWeights = one(q, 'open_weights');
  const p = ctx.run('get_podium', { leaderboard, category, open_weights: openWeights });
  const opt = (v: string, cur: string) => html`<option value="${v}"${v === cur ? html` selected` : ''}>${v}</option>`;
  const body = html`<h1>Podium</h1>
<form class="filters" action="/podium" method="get">
<label>Leaderboard <select name="leaderboard">${BOARDS.map((b) => opt(b, p.leaderboard))}</select></label>
<label>Category <input name="category" list="categories" value="${p.category}" maxlength="100"></label>
<datalist id="categories">${CATEGORIES.map((c) => html`<option value="${c}">`)}</datalist>
<label><input type="checkbox" name="open_weights" value="true"${p.open_weights === true ? html` checked` : ''}> Open weights only</label>
<button>Show</button></form>
${podiumList(p)}`;
  return { title: `Podium: ${p.leaderboard} ${p.category}`, body };
};
