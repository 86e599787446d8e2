import type { PronouncingDictionary } from './cmu-dictionary';
import { phoneEdits } from './phone-distance';
import type { NamePronunciations } from './pronouncing-dictionary';

/**
 * Other people's names, heard where the partner's name stands: common first names and surnames of many origins (US
 * registers, South and East Asian, Vietnamese, Arabic, West African, Slavic, Hispanic, Irish), each in the model's CMU
 * dictionary. They are the cohort a typed name is measured against: "my name is Taylor" said for a typed "Jordan" is
 * heard as Taylor, a different name, rather than forced onto the only name the decoder knows; a name the cohort
 * fits better than every way of saying the typed name, by the grammar's margin, is `different`. The names of the
 * cohort close to the typed one are left out for that partner (`cohortFor`).
 */
// prettier-ignore
export const NAME_COHORT: readonly string[] = [
  'aaron', 'adam', 'adams', 'adrian', 'aguilar', 'ahmed', 'aisha', 'alan', 'albert', 'alex', 'alexander', 'ali',
  'alice', 'alicia', 'allen', 'alvarado', 'alvarez', 'amanda', 'amber', 'amir', 'amit', 'amy', 'ana', 'anderson',
  'andre', 'andrea', 'andrew', 'andrews', 'angela', 'anita', 'ann', 'anna', 'anne', 'anthony', 'antonio', 'arjun',
  'armstrong', 'arnold', 'arthur', 'ashley', 'aziz', 'bailey', 'baker', 'barbara', 'barnes', 'bell', 'ben',
  'benjamin', 'bennett', 'berry', 'beth', 'betty', 'bill', 'black', 'bob', 'boyd', 'bradley', 'brandon', 'brenda',
  'brian', 'brooks', 'brown', 'bruce', 'bryan', 'bryant', 'burns', 'butler', 'byrne', 'campbell', 'carl', 'carlos',
  'carmen', 'carol', 'caroline', 'carpenter', 'carroll', 'carter', 'castillo', 'castro', 'catherine', 'charles',
  'charlie', 'chavez', 'chen', 'cheng', 'chris', 'christina', 'christopher', 'chuck', 'claire', 'clark', 'claudia',
  'cole', 'coleman', 'collins', 'connor', 'contreras', 'cook', 'cooper', 'cox', 'craig', 'crawford', 'cruz',
  'cunningham', 'cynthia', 'dan', 'daniel', 'danielle', 'daniels', 'david', 'davis', 'dawn', 'deborah', 'deepak',
  'delgado', 'denise', 'dennis', 'derek', 'diana', 'diaz', 'diego', 'dimitri', 'dixon', 'donald', 'donna', 'doris',
  'dorothy', 'douglas', 'duc', 'duncan', 'dunn', 'dylan', 'ed', 'edward', 'edwards', 'elena', 'elizabeth', 'ellen',
  'elliott', 'ellis', 'emily', 'emma', 'eric', 'erica', 'ethan', 'eva', 'evans', 'evelyn', 'fatima', 'felix',
  'ferguson', 'fernandez', 'fernando', 'fisher', 'flores', 'ford', 'foster', 'fox', 'frank', 'freeman', 'gabriel',
  'gao', 'garcia', 'gardner', 'gary', 'garza', 'george', 'gerald', 'gibson', 'gina', 'gloria', 'gomez', 'gonzales',
  'gonzalez', 'gordon', 'grace', 'graham', 'grant', 'gray', 'green', 'gregory', 'griffin', 'gupta', 'gutierrez',
  'guzman', 'hall', 'hamilton', 'hannah', 'hansen', 'harold', 'harris', 'harrison', 'harry', 'hart', 'hassan',
  'hawkins', 'hayes', 'heather', 'helen', 'henderson', 'henry', 'hernandez', 'herrera', 'hicks', 'hill', 'hiroshi',
  'hoffman', 'holmes', 'hong', 'howard', 'hu', 'huang', 'hudson', 'hughes', 'hugo', 'hung', 'hunt', 'hunter', 'ian',
  'ibrahim', 'irene', 'isaac', 'isabel', 'ivan', 'ivanov', 'jack', 'jackson', 'jacob', 'james', 'jamie', 'jan',
  'jane', 'janet', 'jason', 'javier', 'jean', 'jeff', 'jenkins', 'jennifer', 'jeremy', 'jerry', 'jesse', 'jessica',
  'jim', 'jimenez', 'joan', 'joe', 'john', 'johnson', 'johnston', 'jonathan', 'jones', 'jordan', 'jorge', 'jose',
  'joseph', 'josh', 'joshua', 'joyce', 'juan', 'judith', 'julia', 'julie', 'justin', 'kai', 'karen', 'karim', 'kate',
  'katherine', 'kathleen', 'kathy', 'keith', 'kelley', 'kelly', 'ken', 'kenji', 'kennedy', 'kevin', 'khalid', 'khan',
  'kim', 'king', 'knight', 'kowalski', 'kumar', 'kyle', 'lane', 'larry', 'laura', 'lauren', 'lawrence', 'lee', 'leo',
  'lewis', 'li', 'lin', 'linda', 'lisa', 'liu', 'long', 'lopez', 'louis', 'lucas', 'lucy', 'luis', 'luke', 'luo',
  'lynn', 'ma', 'maria', 'marie', 'mario', 'mark', 'marshall', 'martha', 'martin', 'martinez', 'mary', 'mason',
  'matt', 'matthew', 'matthews', 'mcdonald', 'medina', 'megan', 'mei', 'melissa', 'mendez', 'mendoza', 'mensah',
  'meyer', 'michael', 'michelle', 'miguel', 'mike', 'miller', 'mills', 'ming', 'mitchell', 'mohamed', 'mohammed',
  'monica', 'moore', 'morales', 'moreno', 'morgan', 'morris', 'munoz', 'murphy', 'murray', 'myers', 'nancy',
  'natalie', 'nathan', 'nelson', 'nguyen', 'nicholas', 'nichols', 'nick', 'nicole', 'noah', 'nora', 'novak',
  'oconnor', 'olga', 'oliver', 'olivia', 'olson', 'omar', 'ortiz', 'oscar', 'owens', 'pablo', 'palmer', 'pamela',
  'parker', 'patel', 'patricia', 'patrick', 'patterson', 'paul', 'payne', 'pedro', 'pena', 'perkins', 'perry',
  'peter', 'peters', 'peterson', 'philip', 'phillips', 'pierce', 'pierre', 'popov', 'porter', 'powell', 'price',
  'rachel', 'rahul', 'raj', 'ralph', 'ramon', 'ramos', 'ray', 'raymond', 'rebecca', 'reed', 'reyes', 'reynolds',
  'rice', 'richard', 'richards', 'richardson', 'riley', 'rita', 'rivera', 'robert', 'roberts', 'robertson',
  'robinson', 'rodriguez', 'roger', 'rogers', 'romero', 'ronald', 'rosa', 'rose', 'ross', 'ruiz', 'russell', 'ruth',
  'ryan', 'salazar', 'sam', 'samantha', 'samir', 'samuel', 'sanders', 'sandoval', 'sandra', 'santos', 'sara',
  'sarah', 'schmidt', 'scott', 'sean', 'sergei', 'sharma', 'sharon', 'shaw', 'shirley', 'silva', 'simmons', 'simon',
  'simpson', 'singh', 'smirnov', 'smith', 'snyder', 'sofia', 'sophia', 'sophie', 'soto', 'spencer', 'stephanie',
  'stephen', 'stephens', 'steven', 'stevens', 'stewart', 'stone', 'sullivan', 'sun', 'susan', 'tanya', 'taylor',
  'teresa', 'terry', 'thomas', 'thompson', 'tim', 'timothy', 'tina', 'tom', 'tony', 'torres', 'tran', 'tucker',
  'turner', 'tyler', 'vargas', 'vasquez', 'vazquez', 'victor', 'victoria', 'vincent', 'virginia', 'wagner', 'walker',
  'wallace', 'walsh', 'walter', 'wang', 'ward', 'warren', 'washington', 'watson', 'wayne', 'weaver', 'webb', 'wei',
  'wells', 'west', 'white', 'william', 'williams', 'willis', 'wilson', 'wood', 'woods', 'wright', 'wu', 'xu', 'yan',
  'yang', 'young', 'zhang', 'zhao', 'zhou', 'zhu', 'zoe',
];

/** Phone edits (`phoneEdits`) under which a cohort name is taken as a way of saying the typed one. */
const SAME_NAME_EDITS = 1;

/**
 * The cohort for one typed name: without its own words, and without names said within one phone of a way of saying
 * one of them ("Gordon" for "Jordan"), which would otherwise be heard as someone else when the partner said their own.
 */
export function cohortFor(
  words: readonly string[],
  pronunciations: NamePronunciations,
  cmu: PronouncingDictionary,
): string[] {
  const typed = pronunciations.flat();
  return NAME_COHORT.filter(
    (other) =>
      !words.includes(other) &&
      !(cmu.get(other) ?? []).some((phones) =>
        typed.some((own) => phoneEdits(phones.split(' '), own) <= SAME_NAME_EDITS),
      ),
  );
}
