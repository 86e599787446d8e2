import { heldReportWanted, takeAtTap } from './held-analysis-rules';

const take = (
  state: 'analysing' | 'held' | 'answered' | 'discarded',
  outcome: 'granted' | 'unclear' | 'failed' | null = null,
) => ({
  state,
  typedName: 'Adaeze Okafor',
  outcome,
});

describe('takeAtTap', () => {
  it('publishes a held result judged against the answer’s name, whatever it found', () => {
    expect(takeAtTap(take('held', 'granted'), 'Adaeze Okafor')).toBe('publish');
    expect(takeAtTap(take('held', 'unclear'), 'Adaeze Okafor')).toBe('publish');
  });

  it('waits for an analysis still running instead of starting a second', () => {
    expect(takeAtTap(take('analysing'), 'Adaeze Okafor')).toBe('await');
  });

  it('analyses again after the tap when the held analysis failed, or when there is none', () => {
    expect(takeAtTap(take('held', 'failed'), 'Adaeze Okafor')).toBe('analyse');
    expect(takeAtTap(null, 'Adaeze Okafor')).toBe('analyse');
  });

  it('never uses a result heard against another name than the answer’s', () => {
    expect(takeAtTap(take('held', 'granted'), 'Ada Okafor')).toBe('name_changed');
    expect(takeAtTap(take('analysing'), 'Ada Okafor')).toBe('name_changed');
  });

  it('leaves a take already answered or discarded alone', () => {
    expect(takeAtTap(take('answered'), 'Adaeze Okafor')).toBe('analyse');
    expect(takeAtTap(take('discarded'), 'Adaeze Okafor')).toBe('analyse');
  });
});

describe('heldReportWanted', () => {
  it('holds a report nobody answered yet, and makes it the attempt’s once Yes was pressed while it ran', () => {
    expect(heldReportWanted(take('analysing'))).toBe('hold');
    expect(heldReportWanted(take('answered'))).toBe('attempt');
  });

  it('drops a report about a take discarded, held already, or unknown', () => {
    expect(heldReportWanted(take('discarded'))).toBeNull();
    expect(heldReportWanted(take('held', 'granted'))).toBeNull();
    expect(heldReportWanted(null)).toBeNull();
  });
});
