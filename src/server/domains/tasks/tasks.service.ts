import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TCaseTask, TCaseTaskList, TCreateTaskInput, TTaskListInput, TUpdateTaskInput } from '../../../shared/domain/case-tasks';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';

// TODO(issue 18, case-parts helper): tasks on cases.
export async function listTasks(_db: Kysely<DB>, _actor: TenantActor, _input: TTaskListInput): Promise<TCaseTaskList> {
  throw new AppError('SERVICE_UNAVAILABLE', 'Not built yet');
}
export async function createTask(_db: Kysely<DB>, _actor: TenantActor, _input: TCreateTaskInput): Promise<TCaseTask> {
  throw new AppError('SERVICE_UNAVAILABLE', 'Not built yet');
}
export async function updateTask(_db: Kysely<DB>, _actor: TenantActor, _input: TUpdateTaskInput): Promise<TCaseTask> {
  throw new AppError('SERVICE_UNAVAILABLE', 'Not built yet');
}
