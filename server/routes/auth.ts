// Placeholder plugin — filled in by its issue.
import type { FastifyInstance } from 'fastify';

export default async function authRoutes(_app: FastifyInstance): Promise<void> {}
