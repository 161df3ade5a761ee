/* train.h — `cvx train`: learns a trained stage's model from CVs. */
#ifndef CVX_TRAIN_H
#define CVX_TRAIN_H

/* Runs `cvx train [options] INPUT...` (argv[0] is "train"); returns the exit
 * status. */
int cvx_train_main(int argc, char **argv);

#endif /* CVX_TRAIN_H */
