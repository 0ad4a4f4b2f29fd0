// Placeholder plugin — filled in by its issue.
import type { FastifyInstance } from 'fastify';

export default async function usersRoutes(_app: FastifyInstance): Promise<void> {}
