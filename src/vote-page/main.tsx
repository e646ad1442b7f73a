import { createRoot } from 'react-dom/client';
import '../styles/tokens.css';
import '../styles/phone-base.css';
import './vote.css';
import { VoteApp } from './vote-app';
import { voteIdFromPath } from './location';

createRoot(document.getElementById('root')!).render(<VoteApp voteId={voteIdFromPath(location.pathname)} />);
