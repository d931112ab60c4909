import { lazily } from '../../util/lazily.js';
import { cueMatches, mayMatch } from './cue-match.js';
import type { SentenceContext } from './sentence-context.js';

// Cues in the sentence around a path that say it does not, or must not, exist, or that make its existence a condition.

/**
 * Negation cues: the sentence says the path does not, or must not, exist ("there is no
 * `package.json`", "never commit `.env.production`", "CI fails on a `package-lock.json`",
 * "`out/` is gitignored"). Unlike a qualifier they must sit next to the path: "never commit
 * `x`" negates `x`, "never commit changes to `x`" does not, and "never edit `x`" is a prohibition
 * that still claims `x` exists. English plus the languages of the vague-rules phrase data
 * (src/phrases/), whose imperatives and particles they follow.
 */
const NOT_WORD = String.raw`(?![\p{L}\p{N}_])`;
const WORD_START = String.raw`(?<![\p{L}\p{N}_])`;
const words = (list: string[]) => `${WORD_START}(?:${list.join('|')})${NOT_WORD}`;

/** Words that may stand between a cue and its path, or between the paths of a list ("no root `x` files, `y` or `z`"). */
const FILLERS = [
  // English
  'a', 'an', 'the', 'any', 'single', 'such', 'committed', 'checked-in', 'tracked', 'root', 'top-level', 'local', 'stray', 'extra',
  'separate', 'second', 'new', 'other', 'own', 'longer', 'more', 'ever', 'files?', 'folders?', 'director(?:y|ies)', 'or', 'and', 'nor',
  // German, French, Spanish, Portuguese
  'ein(?:e|en|er|es)?', 'der', 'die', 'das', 'den', 'dem', 'datei(?:en)?', 'oder', 'und', 'noch',
  'le', 'la', 'les', 'un', 'une', 'de', 'du', 'des', "[ld]['’]", 'fichiers?', 'dossiers?', 'ou', 'et', 'ni',
  'el', 'los', 'las', 'ningún', 'ninguna', 'archivos?', 'ficheros?', 'o', 'y',
  'um', 'uma', 'os', 'as', 'arquivos?', 'e', 'nem',
  // Chinese measure words and determiners
  '任何', '一个', '这个', '该',
];
/** The rest of `before` after a cue: only fillers, separators and blanked-out code spans. */
const TAIL = String.raw`(?:[\s,/、，]|${words(FILLERS)})*$`;

// The cue patterns are built on first use: parsing these long `iu` sources costs milliseconds at
// startup, and a run whose contexts all miss the hints below never needs them.
const NEGATED_BEFORE = lazily(() => new RegExp(
  '(?:' +
    [
      // "there is no `x`", "without a `x`", "`a`, not `x`", "instead of `x`", "rather than `x`"
      words(['no', 'without', 'not', 'nor', 'neither', 'instead of', 'rather than', 'in place of', 'no need for']),
      // "never commit `x`", "don't add a `x`", "avoid committing `x`": verbs that would bring `x` into existence.
      String.raw`${WORD_START}(?:never|don['’]?t|do not|must not|mustn['’]?t|should not|shouldn['’]?t|cannot|can['’]?t|may not|avoid|stop)\s+(?:ever\s+)?` +
        String.raw`(?:commit(?:s|ted|ting)?|check(?:s|ed|ing)? in|add(?:s|ed|ing)?|push(?:es|ed|ing)?|creat(?:e|es|ed|ing)|introduc(?:e|es|ed|ing)|keep(?:s|ing)?|restor(?:e|es|ed|ing)|re-?add(?:s|ed|ing)?|reintroduc(?:e|es|ed|ing)|includ(?:e|es|ed|ing))${NOT_WORD}`,
      // "CI fails on a `x`", "the build fails if a `x` exists", "CI rejects any `x`", "if there is a `x`"
      String.raw`${WORD_START}(?:(?:fails?|failing|errors?(?: out)?|breaks?|aborts?)\s+(?:on|if|when|whenever|for)|rejects?|refuses?|forbids?|disallows?|bans?|if there(?:['’]s| is| are))${NOT_WORD}`,
      // German: "es gibt keine `x`", "ohne `x`", "statt `x`"
      words(['kein(?:e|en|er|es|em)?', 'ohne', 'statt', 'anstatt', 'anstelle von', 'weder']),
      // French: "il n'y a pas de `x`", "aucun `x`", "sans `x`", "au lieu de `x`", "ne commitez jamais `x`"
      words(["pas d(?:e|['’])", "plus d(?:e|['’])", 'aucune?', 'sans', "au lieu d(?:e|u|['’])", 'plutôt que']),
      String.raw`${WORD_START}n(?:e\s+|['’])(?:commit+(?:ez|e|er)|ajout(?:ez|e|er)|cré(?:ez|e|er)|versionn(?:ez|e|er)|pouss(?:ez|e|er))\s+(?:jamais|pas|plus)${NOT_WORD}`,
      // Spanish: "no hay `x`", "sin `x`", "en lugar de `x`", "nunca subas `x`"
      words(['no hay', 'sin', 'ningun[oa]?', 'ningún', 'en lugar de', 'en vez de']),
      String.raw`${WORD_START}(?:no|nunca|jamás)\s+(?:subas|añadas|agregues|crees|hagas commit de|comitees|commitees|versiones|incluyas)${NOT_WORD}`,
      // Portuguese: "não há `x`", "sem `x`", "em vez de `x`", "nunca faça commit de `x`"
      words(['não há', 'sem', 'nenhum', 'nenhuma', 'em vez de', 'ao invés de']),
      String.raw`${WORD_START}(?:não|nunca|jamais)\s+(?:faça\s+commit\s+d[eoa]|commite|comite|adicione|crie|suba|versione|inclua)${NOT_WORD}`,
      // Chinese: "没有 `x`", "不要提交 `x`", "而不是 `x`"
      '(?:没有|无需|不需要|不再有|(?:不要|不得|禁止|切勿|请勿|别|不能|不可)(?:提交|创建|添加|新建|上传|推送|生成)|而不是|而非|代替|取代)',
    ].join('|') +
    ')' +
    TAIL,
  'iu',
));

/** What follows the path (after other paths of the same list): "is not checked in", "is generated", "no longer exists". */
const LIST_LEAD = String.raw`^(?:[\s,/、，]|${words(['or', 'and', 'nor', 'files?', 'folders?', 'director(?:y|ies)', 'oder', 'und', 'datei(?:en)?', 'ou', 'et', 'o', 'y', 'e'])})*`;
const NEGATED_AFTER = lazily(() => new RegExp(
  LIST_LEAD +
    '(?:' +
    [
      String.raw`(?:(?:is|are|was|were|gets?|got|must|should|will|has|have|had|been|being|be|always|stays?|remains?|now|automatically)\s+)*` +
        String.raw`(?:(?:auto-?)?generated|(?:git)?ignored(?!\s+by\s+(?!git\b))|deprecated|obsolete|gone|replaced|superseded|untracked|` +
        String.raw`(?:not|never|no longer)\s+(?:be\s+)?(?:committed|checked[ -]in|tracked|versioned|present|needed|required|shipped|in git|in the repo(?:sitory)?))${NOT_WORD}`,
      String.raw`(?:no longer exists?|(?:does|do|did)(?: not|n['’]t) exist|used to|(?:was|were|has been|have been|got) (?:removed|deleted|renamed|moved|dropped|retired))${NOT_WORD}`,
      String.raw`\(\s*(?:removed|deleted|deprecated|gone|generated|gitignored|ignored|legacy|obsolete|not committed)${NOT_WORD}`,
      // German
      String.raw`(?:(?:wird|werden|ist|sind|wurde|wurden|darf|dürfen|soll|sollen|muss)\s+)*(?:(?:nicht|nie(?:mals)?|nicht mehr)\s+(?:eingecheckt|committ?et|versioniert|vorhanden|benötigt|committen|einchecken|hinzufügen|anlegen|erstellen|pushen|versionieren)|(?:automatisch\s+)?(?:generiert|erzeugt|(?:git)?ignoriert|gelöscht|entfernt|ersetzt|veraltet)|(?:existiert|gibt es)\s+nicht(?: mehr)?)${NOT_WORD}`,
      // French
      String.raw`(?:n['’]existe\s+(?:pas|plus)|n['’]est\s+(?:pas|plus)\s+(?:versionné|commité|committé|suivi|présent)e?s?|(?:est|sont)\s+(?:(?:automatiquement)\s+)?(?:généré|ignoré|supprimé|obsolète|déprécié|remplacé)e?s?|ne\s+(?:doit|doivent)\s+(?:pas|jamais)\s+(?:être\s+(?:commité|committé|versionné)|exister))${NOT_WORD}`,
      // Spanish
      String.raw`(?:ya\s+no\s+existe|no\s+existe|se\s+genera|es\s+generad[oa]|está\s+ignorad[oa]|se\s+ignora|fue\s+eliminad[oa]|fue\s+reemplazad[oa]|está\s+obsolet[oa]|no\s+se\s+(?:versiona|sube|commitea|incluye))${NOT_WORD}`,
      // Portuguese
      String.raw`(?:não\s+existe(?:\s+mais)?|já\s+não\s+existe|(?:é|são)\s+(?:gerad|ignorad|removid|substituíd)[oa]s?|não\s+(?:é|deve\s+ser)\s+(?:versionad|commitad|comitad)[oa])${NOT_WORD}`,
      // Japanese: "`x` はありません", "`x` をコミットしないで", "`x` は自動生成されます", "`x` ではなく"
      '(?:ファイル|ディレクトリ|フォルダ)?\\s*(?:は|が|を|も)?\\s*(?:ありません|ない|無い|存在し(?:ない|ません)|コミットし(?:ない|ないで|てはいけ)|追加し(?:ない|ないで)|作成し(?:ない|ないで)|(?:自動)?生成され|無視され|削除され|廃止され|置き換え|不要|なし|無し|ではなく)',
      // Chinese: "`x` 不存在", "`x` 是自动生成的", "`x` 被忽略"
      '(?:文件|目录)?\\s*(?:不存在|已不存在|已(?:被)?(?:删除|移除|废弃|弃用|替换)|(?:是|会被|被|由\\S{0,12}?)(?:自动)?生成|自动生成|(?:被|已被)忽略|不(?:应|要|会)?(?:被)?提交|不在仓库)',
      // Korean: "`x` 파일은 없습니다", "`x`을 커밋하지 마세요", "`x`는 자동 생성됩니다"
      '(?:파일|디렉터리|디렉토리|폴더)?\\s*(?:은|는|이|가|을|를|도)?\\s*(?:없(?:습니다|다|음|어요|이)|존재하지 않|커밋하지|추가하지|생성하지|(?:자동\\s*)?생성됩니다|자동\\s*생성|무시됩니다|삭제되었|제거되었|대체되었|필요 없|대신)',
    ].join('|') +
    ')',
  'iu',
));

/** "If `x` exists, ...": a condition on the path's existence. */
const CONDITION_BEFORE = lazily(() => new RegExp(`${words(['if', 'when', 'whenever', 'unless', 'in case', 'falls', 'wenn', 'si', 'se'])}${TAIL}`, 'iu'));
const CONDITION_AFTER = lazily(
  () => new RegExp(`${LIST_LEAD}(?:exists?|is present|is found|appears|shows up|is there|is committed|is checked in|gets committed|existiert|vorhanden ist|existe)${NOT_WORD}`, 'iu'),
);

/**
 * Words of which every cue of NEGATED_BEFORE, NEGATED_AFTER and CONDITION_AFTER written in ASCII
 * holds one. On ASCII text, where the `iu` flags fold only A-Z to a-z, a context without any of
 * them cannot match, so those patterns are neither run nor compiled for it: each `\p{L}` boundary
 * makes V8 build a Unicode class, and compiling the four takes ~25 ms, more than a whole lint-staged
 * run may spend on a rule. Keep each list in step with its pattern; a test in
 * test/markdown/references.test.ts checks it against every cue the pattern holds.
 */
const NEGATED_BEFORE_HINT =
  /no|without|neither|instead|rather|place|commit|check|add|push|creat|introduc|keep|restor|includ|fail|error|break|abort|reject|refuse|forbid|disallow|ban|if there|kein|ohne|statt|anstelle|weder|pas|plus|aucun|sans|au lieu|jamais|sin|ningun|lugar|vez|nunca|sem|nenhum/i;
const NEGATED_AFTER_HINT =
  /genera|generiert|ignor|deprecated|obsolete|gone|replaced|superseded|untracked|no|never|exist|used to|removed|deleted|renamed|moved|dropped|retired|legacy|nicht|nie|erzeugt|entfernt|ersetzt|veraltet|suivi|eliminad|reemplazad/i;
const CONDITION_AFTER_HINT = /exist|present|found|appears|shows up|is there|committed|checked in|vorhanden/i;

/** Whether the sentence says the referenced path does not, or must not, exist. */
export function negatesExistence(context: SentenceContext): boolean {
  return (
    cueMatches(NEGATED_BEFORE, NEGATED_BEFORE_HINT, context.before) ||
    cueMatches(NEGATED_AFTER, NEGATED_AFTER_HINT, context.after) ||
    // The condition needs both halves; the one after the path is the rarer, so it is asked first.
    (mayMatch(CONDITION_AFTER_HINT, context.after) && cueMatches(CONDITION_BEFORE, null, context.before) && cueMatches(CONDITION_AFTER, null, context.after))
  );
}

/** The cue patterns with their hints and where in the context they are anchored (read by the test that keeps each hint sound). */
export const negationCues = [
  { name: 'NEGATED_BEFORE', cue: NEGATED_BEFORE, hint: NEGATED_BEFORE_HINT, at: 'end' },
  { name: 'NEGATED_AFTER', cue: NEGATED_AFTER, hint: NEGATED_AFTER_HINT, at: 'start' },
  { name: 'CONDITION_AFTER', cue: CONDITION_AFTER, hint: CONDITION_AFTER_HINT, at: 'start' },
].map(({ cue, ...rest }) => ({
  ...rest,
  get pattern(): RegExp {
    return cue();
  },
}));
