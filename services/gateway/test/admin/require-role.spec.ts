import { Controller, Get, type INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import request from 'supertest';
import { CurrentStaff } from '../../src/admin/current-staff.decorator';
import { RequireRole } from '../../src/admin/require-role.decorator';
import type { StaffMember } from '../../src/admin/staff-access';
import { SupportAccessLogRepository } from '../../src/admin/support-access-log.repository';
import { AppModule } from '../../src/app.module';
import { expectError, registerOk } from '../api-helpers';
import { GatewayTestApp, startGatewayTestApp } from '../gateway-test-app';
import { accessLog, setRole } from './staff-helpers';

@Controller('probe')
@RequireRole('support', 'admin')
class ProbeController {
  constructor(private readonly log: SupportAccessLogRepository) {}

  @Get('staff')
  async staff(@CurrentStaff() staff: StaffMember): Promise<StaffMember> {
    await this.log.record({ actorUserId: staff.userId, action: 'probe', target: 'probe:1' });
    return staff;
  }

  @Get('admin')
  @RequireRole('admin')
  admin(@CurrentStaff() staff: StaffMember): StaffMember {
    return staff;
  }
}

/** `@RequireRole` and `@CurrentStaff` on a controller of a module built on the real gateway module and database. */
describe('@RequireRole', () => {
  let gateway: GatewayTestApp;
  let app: INestApplication;
  const call = (path: string, token?: string) => {
    const call = request(app.getHttpServer()).get(path);
    return token ? call.set('Authorization', `Bearer ${token}`) : call;
  };

  beforeAll(async () => {
    gateway = await startGatewayTestApp();
    @Module({ imports: [AppModule.forRoot(gateway.config)], controllers: [ProbeController] })
    class ProbeModule {}
    app = await NestFactory.create(ProbeModule, { logger: false });
    await app.init();
  });
  afterAll(async () => {
    await app.close();
    await gateway.close();
  });

  it('answers 401 without a sign-in and for a revoked one', async () => {
    expectError(await call('/probe/staff'), 401, 'Not signed in');
    const support = await registerOk(gateway);
    await setRole(gateway.dataSource, support.user.id, 'support');
    await gateway.dataSource.query(`UPDATE identity.auth_sessions SET revoked_at = now() WHERE user_id = $1`, [
      support.user.id,
    ]);

    expectError(await call('/probe/staff', support.token), 401);
  });

  it('answers 403 role_required to a member, and to support on an admin-only route', async () => {
    const member = await registerOk(gateway);
    const response = await call('/probe/staff', member.token);
    expectError(response, 403, 'This requires the support or admin role');
    expect(response.body.code).toBe('role_required');

    const support = await registerOk(gateway);
    await setRole(gateway.dataSource, support.user.id, 'support');
    expect((await call('/probe/staff', support.token)).body).toEqual({ userId: support.user.id, role: 'support' });
    expectError(await call('/probe/admin', support.token), 403, 'This requires the admin role');
  });

  it('hands the handler the staff member, and reads the role from the database on every request', async () => {
    const staff = await registerOk(gateway);
    await setRole(gateway.dataSource, staff.user.id, 'admin');
    expect((await call('/probe/admin', staff.token).expect(200)).body).toEqual({
      userId: staff.user.id,
      role: 'admin',
    });

    // The same token, unchanged: the role it had when signing in counts for nothing.
    await setRole(gateway.dataSource, staff.user.id, 'support');
    expectError(await call('/probe/admin', staff.token), 403);
    await setRole(gateway.dataSource, staff.user.id, 'member');
    expectError(await call('/probe/staff', staff.token), 403);
  });

  it('writes what SupportAccessLogRepository.record is given, with its time, and the log refuses changes', async () => {
    const support = await registerOk(gateway);
    await setRole(gateway.dataSource, support.user.id, 'support');
    const before = new Date();

    await call('/probe/staff', support.token).expect(200);

    const rows = (await accessLog(gateway.dataSource)).filter((row) => row.actorUserId === support.user.id);
    expect(rows).toEqual([{ actorUserId: support.user.id, action: 'probe', target: 'probe:1', at: expect.any(Date) }]);
    expect(rows[0].at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    await expect(gateway.dataSource.query(`UPDATE identity.support_access_log SET target = 'x'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(gateway.dataSource.query(`DELETE FROM identity.support_access_log`)).rejects.toThrow(/append-only/);
  });
});
