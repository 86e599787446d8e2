import { PHRASES } from '../judgement/phrases';
import { nameWords } from './name-words';
import { buildStatementGrammar, GARBAGE_PREFIX, PHONES } from './statement-grammar';

describe('buildStatementGrammar', () => {
  it('has every phrase, the name in its slot (whole, or any word of it), and a weighted phone for everything else', () => {
    const { jsgf, vocabulary, garbageEntries } = buildStatementGrammar(['mary', 'jane'], 1e-8);
    expect(jsgf).toContain('<name> = ( mary jane ) | ( mary ) | ( jane ) ;');
    expect(jsgf).toContain('( i am <intro_name> )');
    expect(jsgf).toContain(`/1e-8/ ${GARBAGE_PREFIX}aa`);
    for (const word of PHRASES.refuse.flatMap((phrase) => phrase.split(' '))) expect(vocabulary).toContain(word);
    expect(vocabulary).toEqual(expect.arrayContaining(['mary', 'jane', 'consent']));
    expect(vocabulary.some((word) => word.includes('{'))).toBe(false);
    expect(garbageEntries).toHaveLength(PHONES.length);
    expect(garbageEntries).toContain(`${GARBAGE_PREFIX}zh ZH`);
  });

  it('offers other common names beside the typed one in introductions, so a different name is heard as one, and weighs lone negations', () => {
    const { jsgf, vocabulary } = buildStatementGrammar(['taylor'], 1e-8);
    const introName = jsgf.split('\n').find((line) => line.startsWith('<intro_name> ='))!;
    expect(introName).toMatch(/^<intro_name> = <name> \| \/0.00001\/ aaron \| /);
    expect(introName).toContain('/0.00001/ alex');
    expect(introName).not.toContain('taylor');
    expect(jsgf).toContain('( my name is <intro_name> )');
    expect(jsgf).toContain('( <name> here )');
    expect(vocabulary).toContain('alex');
    expect(jsgf).toContain('/0.0001/ not');
    expect(jsgf).toContain('/0.0001/ no |');
    expect(jsgf).toContain("( i don't consent )");
  });

  it('lets an object follow only an affirmation ("I consent to this")', () => {
    const { jsgf } = buildStatementGrammar(['jordan'], 1e-8);
    expect(jsgf).toMatch(/<part> = .*<affirm> \[ <affirm_object> \]/);
    expect(jsgf).not.toMatch(/<part> = .*\| <affirm_object> \|/);
  });

  it('cannot be broken by a hostile typed name once it is sanitised', () => {
    const { jsgf, vocabulary } = buildStatementGrammar(nameWords('jordan;\n<part> = /1/ i consent ;\n| ph_aa'), 1e-8);
    expect(jsgf.match(/^<part> =/gm)).toHaveLength(1);
    expect(jsgf.split('\n').find((line) => line.startsWith('<name> ='))).toBe('<name> = ( jordan part i ) | ( jordan ) | ( part ) | ( i ) ;');
    for (const word of vocabulary) expect(word).toMatch(/^[a-z'-]+$/);
  });
});
