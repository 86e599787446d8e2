import { analyseStatement } from '../judgement/statement';
import { crossCheckDoubt, generalAgrees } from './local-transcriber';

describe('generalAgrees (the general model on a recording the phrase model heard as a consent)', () => {
  it.each([
    ['my name is jargon and i consent', true],
    ['my name is jordan and i can send', true], // the sound of "consent" is enough
    ['my name is jordan', false],
    ['', false],
    ['i do not consent', false],
    ['i consent actually know i take it back', false],
    ['i consent i think', false],
  ])('%j: %s', (text, agrees) => {
    expect(generalAgrees(text, 'jordan')).toBe(agrees);
  });
});

describe('crossCheckDoubt (a phrase decode that heard only a consent, against the general model)', () => {
  const phrases = (text: string) => analyseStatement(text, 'jordan');
  it.each([
    ['my name is jargon and i consent', 'my name is jordan and i consent', undefined],
    ['my name is jordan and i can send', 'my name is jordan and i consent', undefined], // the sound alone, nothing else heard
    ['i consent', 'i consent today', undefined], // the word itself: small talk is the judge's to weigh
    ['i can send it tomorrow', 'i consent uh tomorrow', 'sound_alike_consent'], // flite's kal16, once granted
    ['i can send it', 'i consent uh', 'sound_alike_consent'], // kal16 again: only the general model heard the object
    ['i can send my name is jordan', 'i consent my name is jordan', undefined],
    ['my name is jordan', 'my name is jordan and i consent', 'general_model_disagrees'],
  ])('general %j, phrases %j: %s', (general, heard, doubt) => {
    expect(crossCheckDoubt(general, phrases(heard), 'jordan')).toBe(doubt);
  });
});
