import type { FastifyInstance } from 'fastify';
import { advanceRoutes } from './advances/index.ts';
import { amanaInvoiceRoutes } from './amana-invoices/index.ts';
import { assessmentRoutes } from './assessments/index.ts';
import { authRoutes, codeRoutes } from './auth/index.ts';
import { bookingRoutes } from './bookings/index.ts';
import { branchRoutes, classroomRoutes } from './branches/index.ts';
import { businessStatsRoutes } from './business-stats/index.ts';
import { centerRoutes } from './centers/index.ts';
import { certificateRoutes } from './certificates/index.ts';
import { corporateRoutes } from './corporates/index.ts';
import { courseRoutes } from './courses/index.ts';
import { dailyClosingRoutes } from './daily-closings/index.ts';
import { devRoutes } from './dev/index.ts';
import { examAttemptRoutes, myExamRoutes } from './exam-attempts/index.ts';
import { examCheckinRoutes } from './exam-checkins/index.ts';
import { examResultRoutes } from './exam-results/index.ts';
import { feeRoutes } from './fees/index.ts';
import { fileRoutes } from './files/index.ts';
import { financeReportRoutes } from './finance-reports/index.ts';
import { fingerprintRoutes } from './fingerprints/index.ts';
import { healthRoutes } from './health/index.ts';
import { invoiceRoutes } from './invoices/index.ts';
import { jobRoutes } from './jobs/index.ts';
import { ledgerRoutes } from './ledger/index.ts';
import { paymentRoutes } from './payments/index.ts';
import { productRoutes } from './products/index.ts';
import { refundRoutes } from './refunds/index.ts';
import { retakeRoutes } from './retakes/index.ts';
import { schedulingRoutes } from './scheduling/index.ts';
import { studentRoutes } from './students/index.ts';
import { permissionGroupRoutes, staffUserRoutes } from './users/index.ts';

/** Every module and its prefix under `/api`: the whole list, in one place. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  const modules = [
    healthRoutes,
    jobRoutes,
    authRoutes,
    codeRoutes,
    branchRoutes,
    classroomRoutes,
    studentRoutes,
    fileRoutes,
    staffUserRoutes,
    permissionGroupRoutes,
    corporateRoutes,
    feeRoutes,
    courseRoutes,
    productRoutes,
    centerRoutes,
    paymentRoutes,
    advanceRoutes,
    invoiceRoutes,
    ledgerRoutes,
    bookingRoutes,
    schedulingRoutes,
    assessmentRoutes,
    myExamRoutes,
    certificateRoutes,
    examCheckinRoutes,
    fingerprintRoutes,
    examResultRoutes,
    retakeRoutes,
    examAttemptRoutes,
    refundRoutes,
    amanaInvoiceRoutes,
    financeReportRoutes,
    businessStatsRoutes,
    dailyClosingRoutes,
  ];
  if (app.deps.config.env !== 'production') modules.push(devRoutes);
  for (const module of modules) await app.register(module, { prefix: '/api' });
}
