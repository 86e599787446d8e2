// The bare baseline of bench:status: Nest + Express + pg answering one row read by primary key, with nothing else on
// the path (no auth, no logs, no second service). Decorators are applied as plain calls, so no compiler is needed.
import 'reflect-metadata';
import { Controller, Get, Module, Param } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

class RowsController {
  async read(id) {
    const { rows } = await pool.query('SELECT * FROM consent.consent_sessions WHERE id = $1', [id]);
    return rows[0] ?? null;
  }
}
Controller('rows')(RowsController);
Get(':id')(RowsController.prototype, 'read', Object.getOwnPropertyDescriptor(RowsController.prototype, 'read'));
Param('id')(RowsController.prototype, 'read', 0);

class BaselineModule {}
Module({ controllers: [RowsController] })(BaselineModule);

const app = await NestFactory.create(BaselineModule, { logger: ['error', 'warn'] });
app.enableShutdownHooks();
await app.listen(Number(process.env.PORT), '127.0.0.1');
process.stdout.write('baseline: listening\n');
