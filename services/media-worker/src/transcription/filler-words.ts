/**
 * Everyday words the local recogniser may choose instead of a consent phrase. Without them the decoder would have to
 * map any speech or noise onto the phrases (off-topic speech would come out as "I consent"); with them, speech about
 * something else is heard as other words. The first group sounds like the key words on purpose.
 */
export const FILLER_WORDS: readonly string[] = [
  'concert', 'content', 'contest', 'constant', 'can', 'send', 'sent', 'cent', 'scent', 'agreed', 'degree', 'green',
  'nose', 'now', 'note', 'nut', 'sir', 'shore', 'baby', 'bank', 'mine', 'mile',
  'the', 'a', 'an', 'of', 'to', 'in', 'it', 'is', 'was', 'be', 'are', 'that', 'this', 'for', 'on', 'with', 'as', 'at',
  'from', 'or', 'but', 'if', 'then', 'than', 'he', 'she', 'we', 'they', 'you', 'me', 'her', 'us',
  'his', 'their', 'our', 'your', 'what', 'which', 'who', 'when', 'where', 'why', 'how', 'there', 'here', 'all',
  'some', 'any', 'many', 'much', 'more', 'most', 'other', 'one', 'two', 'three', 'four', 'five', 'six', 'seven',
  'eight', 'nine', 'ten', 'hundred', 'first', 'last', 'day', 'time', 'year', 'week', 'today', 'tomorrow', 'night',
  'morning', 'weather', 'rain', 'sun', 'cold', 'hot', 'nice', 'good', 'bad', 'big', 'small', 'new', 'old', 'long',
  'great', 'little', 'right', 'left', 'up', 'down', 'out', 'over', 'about', 'after', 'before', 'just', 'very', 'really',
  'also', 'too', 'only', 'still', 'again', 'go', 'going', 'went', 'come', 'came', 'get', 'got', 'make', 'made', 'take',
  'see', 'saw', 'look', 'like', 'love', 'want', 'need', 'have', 'has', 'had', 'do', 'did', 'does', 'say', 'said', 'tell',
  'told', 'think', 'call', 'work', 'home', 'house', 'car', 'food', 'water', 'money', 'people', 'man', 'woman',
  'friend', 'family', 'music', 'phone', 'video', 'thing', 'way', 'place', 'world', 'life', 'hand', 'part', 'lot',
  'let', 'put', 'give', 'find', 'show', 'play', 'run', 'walk', 'talk', 'buy', 'eat', 'drink', 'sleep', 'open', 'close',
];
