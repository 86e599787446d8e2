import { SPEECH_CHECK_SETTINGS } from '../config/speech-check.settings';
import { PHRASES } from '../language/phrases';
import { nameWords } from './name-words';
import { buildStatementGrammar, GARBAGE_PREFIX, NAME_PHONE_PREFIX, PHONES } from './statement-grammar';

const weights = SPEECH_CHECK_SETTINGS.grammar;
const rule = (jsgf: string, name: string) => jsgf.split('\n').find((line) => line.startsWith(`<${name}> =`))!;

describe('buildStatementGrammar', () => {
  it('has every phrase, each part weighted, and a weighted phone for everything else', () => {
    const { jsgf, vocabulary, phoneEntries } = buildStatementGrammar(['mary', 'jane'], weights);
    expect(rule(jsgf, 'name')).toBe('<name> = ( mary jane ) | ( mary ) | ( jane ) ;');
    expect(rule(jsgf, 'affirm')).toContain(`/${weights.part}/ i consent`);
    expect(rule(jsgf, 'garbage')).toContain(`/${weights.garbage * weights.part}/ ${GARBAGE_PREFIX}aa`);
    for (const word of PHRASES.refuse.flatMap((phrase) => phrase.split(' '))) expect(vocabulary).toContain(word);
    expect(vocabulary).toEqual(expect.arrayContaining(['mary', 'jane', 'consent']));
    expect(vocabulary.some((word) => word.includes('{'))).toBe(false);
    expect(phoneEntries).toHaveLength(2 * PHONES.length);
    expect(phoneEntries).toEqual(expect.arrayContaining([`${GARBAGE_PREFIX}zh ZH`, `${NAME_PHONE_PREFIX}zh ZH`]));
  });

  it('lets the name stand only where a name can: after "my name is" the typed name or sounds, after "I am" or "this is" the typed name', () => {
    const { jsgf } = buildStatementGrammar(['jordan'], weights);
    expect(rule(jsgf, 'name_intro')).toContain('my name is <naming>');
    expect(rule(jsgf, 'name_intro')).toContain('i am <intro_name>');
    expect(rule(jsgf, 'name_intro')).toContain('this is <intro_name>');
    expect(rule(jsgf, 'naming')).toMatch(/^<naming> = <intro_name> .*\| <name_phones> ;$/);
    expect(rule(jsgf, 'intro_name')).toBe('<intro_name> = <name> ;');
    // Nowhere else: not alone, not after a consent ("I consent, Jordan" was how "I consent to nothing" got granted).
    expect(
      jsgf
        .split('\n')
        .filter((line) => line.includes('<name>') && !line.startsWith('<name> ='))
        .map((line) => line.split(' =')[0]),
    ).toEqual(['<intro_name>']);
    expect(rule(jsgf, 'part')).not.toContain('<name>');
  });

  it('lets an object follow only an affirmation ("I consent to this")', () => {
    const { jsgf } = buildStatementGrammar(['jordan'], weights);
    expect(rule(jsgf, 'part')).toMatch(/<affirm> \[ <affirm_object> \]/);
    expect(rule(jsgf, 'part')).not.toMatch(/\| <affirm_object> \|/);
  });

  it('cannot be broken by a hostile typed name once it is sanitised', () => {
    const { jsgf, vocabulary } = buildStatementGrammar(
      nameWords('jordan;\n<part> = /1/ i consent ;\n| ph_aa'),
      weights,
    );
    expect(jsgf.match(/^<part> =/gm)).toHaveLength(1);
    expect(rule(jsgf, 'name')).toBe('<name> = ( jordan part i ) | ( jordan ) | ( part ) | ( i ) ;');
    for (const word of vocabulary) expect(word).toMatch(/^[a-z'-]+$/);
  });

  it('keeps only "my name is ..." (heard as sounds) for a name with no letters it can use', () => {
    const { jsgf } = buildStatementGrammar([], weights);
    expect(jsgf).not.toContain('<name> =');
    expect(jsgf).not.toContain('<intro_name>');
    expect(rule(jsgf, 'naming')).toBe('<naming> = <name_phones> ;');
    expect(rule(jsgf, 'name_intro')).toBe(
      `<name_intro> = /${weights.part}/ my name is <naming> | /${weights.part}/ my name's <naming> ;`,
    );
  });

  it('lets a name heard as sounds last about as many phones as the typed name has letters, so it cannot swallow the statement', () => {
    const count = (jsgf: string) => (rule(jsgf, 'name_phones').match(/<name_phone>/g) ?? []).length;
    expect(count(buildStatementGrammar(['adaeze', 'okafor'], weights).jsgf)).toBe(12 + weights.namePhones.extra);
    expect(count(buildStatementGrammar(['li'], weights).jsgf)).toBe(
      weights.namePhones.minLetters + weights.namePhones.extra,
    );
    expect(count(buildStatementGrammar([], weights).jsgf)).toBe(
      weights.namePhones.minLetters + weights.namePhones.extra,
    );
  });
});
