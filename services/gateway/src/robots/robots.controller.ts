import { Controller, Get, Header } from '@nestjs/common';
import { ROBOTS_TXT } from './robots';

/** `/robots.txt`, answered by the server itself rather than the web app's index.html. */
@Controller()
export class RobotsController {
  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  robots(): string {
    return ROBOTS_TXT;
  }
}
