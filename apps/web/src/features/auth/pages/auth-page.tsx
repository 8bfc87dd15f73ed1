import { Tabs, Title } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { lazyPage } from '../../../app/lazy-page.ts';
import { LoadingScreen } from '../../../app/loading-screen.tsx';
import { AuthFrame } from '../components/auth-frame.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { RegisterPanel } from '../components/register-panel.tsx';

/** The forgot-password flow loads when asked for, not with the login form. */
const ForgotPasswordFlow = lazyPage(() =>
  import('../components/forgot-password/forgot-password-flow.tsx').then(
    (module) => module.ForgotPasswordFlow,
  ),
);

type AuthTab = 'login' | 'register';

/** The auth screen: login and register tabs, and the forgot-password flow in place of the login form. */
function AuthPage({ tab }: { tab: AuthTab }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [forgotOpen, setForgotOpen] = useState(false);

  if (forgotOpen) {
    return (
      <AuthFrame>
        <Suspense fallback={<LoadingScreen />}>
          <ForgotPasswordFlow onBackToLogin={() => setForgotOpen(false)} />
        </Suspense>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame>
      <Title order={1} size="h3" mb="md">
        {tab === 'login' ? t('login.title') : t('register.title')}
      </Title>
      <Tabs value={tab} onChange={(value) => navigate(value === 'register' ? '/register' : '/login')}>
        <Tabs.List grow mb="lg">
          <Tabs.Tab value="login">{t('tabs.login')}</Tabs.Tab>
          <Tabs.Tab value="register">{t('tabs.register')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="login">
          <LoginForm onForgotPassword={() => setForgotOpen(true)} />
        </Tabs.Panel>
        <Tabs.Panel value="register">
          <RegisterPanel />
        </Tabs.Panel>
      </Tabs>
    </AuthFrame>
  );
}

export function LoginPage() {
  return <AuthPage tab="login" />;
}

export function RegisterPage() {
  return <AuthPage tab="register" />;
}
