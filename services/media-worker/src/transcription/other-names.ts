/**
 * Common first names (US and UK registers, of several origins), which the grammar offers beside the typed name, so
 * "my name is Taylor" said for a typed "Jordan" is heard as Taylor, a different name, instead of being forced onto
 * the only name the decoder knows. Each is in the model's CMU dictionary.
 */
export const OTHER_NAMES: readonly string[] = [
  'aaron', 'adam', 'alex', 'alice', 'amanda', 'amy', 'andrew', 'angela', 'anna', 'anthony', 'ashley', 'ben', 'beth',
  'brandon', 'brian', 'carlos', 'carol', 'charles', 'charlie', 'chris', 'daniel', 'david', 'diana', 'emily', 'emma',
  'eric', 'ethan', 'grace', 'hannah', 'harry', 'isabel', 'jack', 'jacob', 'james', 'jamie', 'jason', 'jennifer',
  'jessica', 'john', 'jose', 'joseph', 'josh', 'julia', 'justin', 'karen', 'kate', 'kevin', 'kyle', 'laura', 'lauren',
  'linda', 'lisa', 'lucy', 'luis', 'maria', 'mark', 'matt', 'megan', 'michael', 'michelle', 'mike', 'nancy', 'nathan',
  'nick', 'nicole', 'noah', 'olivia', 'oliver', 'paul', 'peter', 'rachel', 'rebecca', 'robert', 'ryan', 'sarah',
  'scott', 'sean', 'sophie', 'steven', 'susan', 'taylor', 'thomas', 'tom', 'tyler', 'victoria', 'william', 'zoe',
];
