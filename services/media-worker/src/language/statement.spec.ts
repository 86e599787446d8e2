import { tokenize } from '@app/contracts';
import { NAME_SOUNDS } from './phrases';
import { analyseStatement, sameName } from './statement';

const analyse = (text: string, typedName: string) =>
  analyseStatement(
    tokenize(text).map((word) => (word === 'sounds' ? NAME_SOUNDS : word)),
    typedName,
  );
const names = (text: string, typedName: string) => {
  const statement = analyse(text, typedName);
  return statement.names.map(
    (name) => `${name.kind}${name.naming ? '' : '*'}:${name.tokens.map((index) => statement.tokens[index]).join(' ')}`,
  );
};

describe('analyseStatement', () => {
  it('finds the name where a name stands, the typed one (however spelled), another, or sounds (* after I am, this is)', () => {
    expect(names('my name is jordan lee and i consent', 'Jordan Lee')).toEqual(['typed:jordan lee']);
    expect(names('my name is jordon and i consent', 'Jordan')).toEqual(['typed:jordon']);
    expect(names("i'm mary jane and i agree", 'Mary-Jane')).toEqual(['typed*:mary jane']);
    expect(names('my name is taylor smith and i consent', 'Jordan')).toEqual(['other:taylor smith']);
    expect(names('my name is sounds and i consent', 'Adaeze Okafor')).toEqual([`sounds:${NAME_SOUNDS}`]);
    expect(names('my name is sounds okafor and i consent', 'Adaeze Okafor')).toEqual([`typed:${NAME_SOUNDS} okafor`]);
    expect(names("i'm not sure", 'Jordan')).toEqual([]);
    expect(names('i consent', 'Jordan')).toEqual([]);
    expect(names('i consent jordan', 'Jordan')).toEqual(['typed*:jordan']);
  });

  it('matches the phrases with the names taken out, longest first, refusals before the consents they contain', () => {
    const statement = analyse('my name is jordan and i do not consent', 'Jordan');
    expect(statement.phrases.map((phrase) => phrase.phraseClass)).toEqual(['name_intro', 'filler', 'refuse']);
    expect([...statement.classes]).toEqual(expect.arrayContaining(['refuse']));
    expect(statement.classes.has('affirm')).toBe(false);
    expect(analyse('i consent to this recording', 'Jordan').phrases.map((phrase) => phrase.phraseClass)).toEqual([
      'affirm',
      'affirm_object',
    ]);
  });

  it('keeps the words no phrase explains, and knows a lone no from a longer refusal', () => {
    const statement = analyse('he told me to say i consent', 'Jordan');
    expect(statement.unmatched.map((index) => statement.tokens[index])).toEqual(['he', 'told', 'me', 'to', 'say']);
    expect(analyse('no', 'Jordan').shortRefusalOnly).toBe(true);
    expect(analyse('no i do not consent', 'Jordan').shortRefusalOnly).toBe(false);
  });
});

describe('sameName', () => {
  it('compares letters, allowing one slip in longer names only', () => {
    expect(sameName('jordon', 'jordan')).toBe(true);
    expect(sameName("o'brien", 'obrien')).toBe(true);
    expect(sameName('lee', 'lea')).toBe(false);
    expect(sameName('', 'jordan')).toBe(false);
  });
});
