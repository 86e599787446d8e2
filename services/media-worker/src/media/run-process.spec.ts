import { ProcessFailedError, ProcessTimeoutError, runProcess } from './run-process';

describe('runProcess', () => {
  it('returns the output of a child that exits 0, with arguments passed verbatim (no shell)', async () => {
    const { stdout } = await runProcess('node', ['-e', 'process.stdout.write(process.argv[1])', '$(id); `x` | y'], {
      timeoutMs: 5000,
    });
    expect(stdout).toBe('$(id); `x` | y');
  });

  it('kills a child that outlives its limit and rejects with a timeout error', async () => {
    const started = Date.now();
    const error = await runProcess('sleep', ['30'], { timeoutMs: 200 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProcessTimeoutError);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('kills a child that ignores SIGTERM', async () => {
    const script = "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)";
    const error = await runProcess('node', ['-e', script], { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProcessTimeoutError);
  });

  it('rejects with the exit code and stderr of a failing child', async () => {
    const error = await runProcess('node', ['-e', "console.error('bad input'); process.exit(3)"], {
      timeoutMs: 5000,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProcessFailedError);
    expect(error).toMatchObject({ exitCode: 3 });
    expect((error as Error).message).toContain('bad input');
  });

  it("keeps a private error output out of the message (it may quote the partner's name) but on the error", async () => {
    const error = await runProcess('node', ['-e', "console.error('Jordan not in dictionary'); process.exit(3)"], {
      timeoutMs: 5000,
      privateStderr: true,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProcessFailedError);
    expect((error as Error).message).toBe('node exited with 3: (error output withheld)');
    expect((error as ProcessFailedError).stderr).toContain('Jordan');
  });

  it('kills the child when the signal aborts', async () => {
    const controller = new AbortController();
    const running = runProcess('sleep', ['30'], { timeoutMs: 10000, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled')), 100);
    await expect(running).rejects.toThrow('cancelled');
  });

  it('leaves stdin closed', async () => {
    const { stdout } = await runProcess(
      'node',
      ['-e', 'process.stdin.on("data",()=>{}).on("end",()=>process.stdout.write("eof"))'],
      {
        timeoutMs: 5000,
      },
    );
    expect(stdout).toBe('eof');
  });

  it('rejects when the program does not exist', async () => {
    await expect(runProcess('no-such-program-ciq', [], { timeoutMs: 1000 })).rejects.toThrow(/ENOENT/);
  });
});
