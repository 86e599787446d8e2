import type { Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AnalysisAttempt } from './analysis-attempt.entity';

/** The queries of `analysis_attempts`. */
@Injectable()
export class AnalysisAttemptsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Stores an attempt's outcome unless it is stored already (a duplicated report): false then, and the first stays. */
  async insertOnce(transaction: Transaction, attempt: Omit<AnalysisAttempt, 'createdAt'>): Promise<boolean> {
    const result = await transaction
      .createQueryBuilder()
      .insert()
      .into(AnalysisAttempt)
      .values(attempt)
      .orIgnore()
      .execute();
    return (result.raw as unknown[]).length > 0;
  }

  /** Whether an attempt of the session was already judged on this recording. */
  judgedRecording(transaction: Transaction, sessionId: string, videoAssetId: string): Promise<boolean> {
    return transaction.existsBy(AnalysisAttempt, { sessionId, videoAssetId });
  }

  find(transaction: Transaction, sessionId: string, attempt: number): Promise<AnalysisAttempt | null> {
    return transaction.findOneBy(AnalysisAttempt, { sessionId, attempt });
  }

  /** What the latest analysed recording of a session was heard as; null before any was analysed, or for a failure. */
  async latestTranscript(sessionId: string): Promise<string | null> {
    const latest = await this.dataSource
      .getRepository(AnalysisAttempt)
      .findOne({ select: { transcript: true }, where: { sessionId }, order: { attempt: 'DESC' } });
    return latest?.transcript ?? null;
  }

  /** A session's attempts in order, outcomes only (no transcript), as the caller's transaction sees them. */
  outcomesOf(transaction: Transaction, sessionId: string): Promise<Pick<AnalysisAttempt, 'attempt' | 'outcome'>[]> {
    return transaction.find(AnalysisAttempt, {
      select: { attempt: true, outcome: true },
      where: { sessionId },
      order: { attempt: 'ASC' },
    });
  }
}
