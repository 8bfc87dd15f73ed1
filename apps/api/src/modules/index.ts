import type { FastifyInstance } from 'fastify';
import { amanaInvoiceRoutes } from './amana-invoices/routes.ts';
import { assessmentRoutes } from './assessments/routes.ts';
import { codeRoutes } from './auth/codes/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { bookingRoutes } from './bookings/routes.ts';
import { classroomRoutes } from './branches/classrooms/routes.ts';
import { branchRoutes } from './branches/routes.ts';
import { businessStatsRoutes } from './business-stats/routes.ts';
import { centerRoutes } from './centers/routes.ts';
import { certificateRoutes } from './certificates/routes.ts';
import { corporateRoutes } from './corporates/routes.ts';
import { courseRoutes } from './courses/routes.ts';
import { dailyClosingRoutes } from './daily-closings/routes.ts';
import { devRoutes } from './dev/routes.ts';
import { examAttemptRoutes } from './exam-attempts/routes.ts';
import { examCheckinRoutes } from './exam-checkins/routes.ts';
import { examResultRoutes } from './exam-results/routes.ts';
import { feeRoutes } from './fees/routes.ts';
import { fileRoutes } from './files/routes.ts';
import { financeReportRoutes } from './finance-reports/routes.ts';
import { fingerprintRoutes } from './fingerprints/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { invoiceRoutes } from './invoices/routes.ts';
import { jobRoutes } from './jobs/routes.ts';
import { ledgerRoutes } from './ledger/routes.ts';
import { myExamRoutes } from './my-exams/routes.ts';
import { paymentRoutes } from './payments/routes.ts';
import { productRoutes } from './products/routes.ts';
import { refundRoutes } from './refunds/routes.ts';
import { retakeRoutes } from './retakes/routes.ts';
import { schedulingRoutes } from './scheduling/routes.ts';
import { studentRoutes } from './students/routes.ts';
import { permissionGroupRoutes } from './users/groups/routes.ts';
import { staffUserRoutes } from './users/routes.ts';

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
