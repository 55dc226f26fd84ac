// Insights: the figures of how the business runs (flow, stage durations, promises kept, waiting,
// first replies, deposits, capacity), computed from the other capabilities' tables on request.

export { createInsightsService, type InsightsService } from './service.js';
