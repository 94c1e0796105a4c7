import { lazy, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { LoginPage } from '../features/auth/pages/LoginPage';

// Only the sign-in page comes with the first load: every other page, with antd's theme, TanStack
// Query and the session, is in the console (docs/architecture.md, "The first load").
const loadConsole = () => import('./ConsoleApp');
const LazyConsole = lazy(loadConsole);
const prefetchConsole = () => void loadConsole().catch(() => {});

/** `Console` when main.tsx has fetched it already (a first visit to any page but sign-in). */
export const App = ({ Console = LazyConsole }: { Console?: ComponentType }) => (
  <BrowserRouter>
    <Routes>
      <Route path="/login" element={<LoginPage loadConsole={prefetchConsole} />} />
      <Route path="*" element={<Console />} />
    </Routes>
  </BrowserRouter>
);
