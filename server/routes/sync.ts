// Placeholder plugin — filled in by its issue.
import type { FastifyInstance } from 'fastify';

export default async function syncRoutes(_app: FastifyInstance): Promise<void> {}
