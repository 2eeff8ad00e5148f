#ifndef CICUSHIM_H
#define CICUSHIM_H
#endif
