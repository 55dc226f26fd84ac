import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { STAGES } from '../../shared/stages.js';

const CASES = STAGES.map((stage, index) => `WHEN '${stage}' THEN ${index}`).join(' ');

/**
 * A stage's position in the fulfilment order, so a list sorted by stage follows the process rather
 * than the alphabet. One definition for the `orders_stage_rank_idx` index and the queries: PostgreSQL
 * uses an expression index only for the very same expression.
 */
export function stageRankOf(column: AnyColumn | SQL): SQL {
  return sql`(CASE ${column} ${sql.raw(CASES)} END)`;
}
